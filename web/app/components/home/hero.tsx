import { Button, Container, Group, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';
import classes from './home.module.css';

export function Hero() {
  return (
    <section className={classes.hero}>
      <Container size="lg" className={classes.heroInner}>
        <Title order={1} className={classes.heroTitle}>
          Discover Your Fitness Journey with Us
        </Title>
        <Text className={classes.heroText}>
          Join our community of like-minded individuals and achieve your fitness goals with the help of expert
          trainers.
        </Text>
        <Group gap="md" mt="xl">
          <Button component={Link} to="/register" size="lg">
            Get Started
          </Button>
          <Button component={Link} to="/findTrainer" size="lg" variant="white" color="dark">
            Learn More
          </Button>
        </Group>
      </Container>
    </section>
  );
}
