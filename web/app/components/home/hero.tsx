import { Button } from '@mantine/core';
import { Link } from '@remix-run/react';
import { HeroBanner } from '~/components/layout/hero-banner';
import ui from '~/components/ui/ui.module.css';

export function Hero() {
  return (
    <HeroBanner
      large
      title="Discover Your Fitness Journey with Us"
      text="Join our community of like-minded individuals and achieve your fitness goals with the help of expert trainers."
    >
      <Button component={Link} to="/register" size="lg">
        Get Started
      </Button>
      <Button component={Link} to="/findTrainer" size="lg" variant="white" color="dark">
        Learn More<span className={ui.visuallyHidden}> about our trainers</span>
      </Button>
    </HeroBanner>
  );
}
