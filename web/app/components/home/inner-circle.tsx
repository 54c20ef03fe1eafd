import { Button, Container, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';
import classes from './home.module.css';

export function InnerCircle() {
  return (
    <section className={classes.innerCircle}>
      <Container size="md" py={64} ta="center">
        <Title order={2} className={classes.sectionTitle}>
          Join our Inner Circle
        </Title>
        <Text size="lg" mt="sm" mb="xl">
          Unlock Exclusive Content and Connect with a Community Committed to Health and Wellness
        </Text>
        <Button component={Link} to="/trainerRegister" size="lg" variant="white" color="dark">
          BECOME A TRAINER
        </Button>
      </Container>
    </section>
  );
}
