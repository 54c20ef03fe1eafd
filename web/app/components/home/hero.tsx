import { Link } from '@remix-run/react';
import { HeroBanner } from '~/components/layout/hero-banner';
import ui from '~/components/ui/ui.module.css';

export function Hero() {
  return (
    <HeroBanner
      large
      title="Discover Your Fitness Journey with Us"
      text="Follow day-by-day programmes made by personal trainers, with a video for every lesson and your progress saved as you go."
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
