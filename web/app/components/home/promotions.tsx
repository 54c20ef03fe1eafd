import { Link } from '@remix-run/react';
import ui from '~/components/ui/ui.module.css';
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
    <div className={`${classes.promoCard} ${tone === 'warm' ? classes.warm : classes.dark}`}>
      <h3 className={`${ui.title} ${ui.h3} ${classes.promoTitle}`}>{title}</h3>
      <p className={`${ui.text} ${classes.promoText}`}>{text}</p>
      <Link to={to} className={`${ui.button} ${ui.white} ${classes.promoAction}`}>
        {action}
      </Link>
    </div>
  );
}

export function Promotions() {
  return (
    <div className={`${ui.container} ${classes.section}`}>
      <h2 className={`${ui.title} ${classes.sectionTitle} ${classes.promotionsTitle}`}>
        Begin your fitness journey today
      </h2>
      <div className={`${classes.grid} ${classes.twoColumns}`}>
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
      </div>
    </div>
  );
}
