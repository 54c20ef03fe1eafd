import { Box, Button, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from '@remix-run/react';
import classes from './home.module.css';

interface PromoCardProps {
  title: string;
  text: string;
  action: string;
  to: string;
  tone: 'warm' | 'dark';
}

function PromoCard({ title, text, action, to, tone }: PromoCardProps) {
  return (
    <Box className={`${classes.promoCard} ${tone === 'warm' ? classes.warm : classes.dark}`}>
      <Title order={3} className={classes.promoTitle}>
        {title}
      </Title>
      <Text className={classes.promoText}>{text}</Text>
      <Button component={Link} to={to} variant="white" color="dark" mt="auto">
        {action}
      </Button>
    </Box>
  );
}

export function Promotions() {
  return (
    <Container size="lg" py={64}>
      <Title order={2} ta="center" mb="xl" className={classes.sectionTitle}>
        Begin your fitness journey today
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <PromoCard
          title="Transformation Starts Here"
          text="Select from a dozen online training programs designed to kickstart your transformation."
          action="START A PROGRAM"
          to="/programmes"
          tone="warm"
        />
        <PromoCard
          title="Transformation Starts Here"
          text="It's Time To Transform Your Life At Kaged, with a trainer who builds your plan around you and keeps you on track."
          action="Find a Trainer"
          to="/findTrainer"
          tone="dark"
        />
      </SimpleGrid>
    </Container>
  );
}
