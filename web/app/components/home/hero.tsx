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
      <Link to="/register" className={`${ui.button} ${ui.buttonLg} ${ui.filled}`}>
        Get Started
      </Link>
      <Link to="/findTrainer" className={`${ui.button} ${ui.buttonLg} ${ui.white}`}>
        Learn More<span className={ui.visuallyHidden}> about our trainers</span>
      </Link>
    </HeroBanner>
  );
}
