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
          title="Start a Programme"
          text="Choose a programme by category and level, and follow its lessons at your own pace."
          action="START A PROGRAMME"
          to="/programmes"
          tone="warm"
        />
        <PromoCard
          title="Find Your Trainer"
          text="Read about the trainers, see their programmes, and ask yours anything in the chat once you subscribe."
          action="Find a Trainer"
          to="/findTrainer"
          tone="dark"
        />
      </div>
    </div>
  );
}
