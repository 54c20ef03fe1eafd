import type { ComponentType } from 'react';
import { BoltIcon, DumbbellIcon, TrophyIcon } from '~/components/icons';
import ui from '~/components/ui/ui.module.css';
import classes from './home.module.css';

interface Feature {
  title: string;
  text: string;
  Icon: ComponentType<{ size?: number }>;
}

const FEATURES: Feature[] = [
  {
    title: 'Reviewed Programmes',
    text: 'Our team reviews every programme before it is listed, and again when its name, description or price changes.',
    Icon: DumbbellIcon,
  },
  {
    title: 'Trainers You Can Check',
    text: 'Every trainer has a page with their programmes. Trainers verified by our team are marked Verified.',
    Icon: TrophyIcon,
  },
  {
    title: 'Progress You Can See',
    text: 'Each lesson you complete is saved, and you can write to your trainer in the chat.',
    Icon: BoltIcon,
  },
];

export function Features() {
  return (
    <div className={`${ui.container} ${classes.section}`}>
      <div className={`${classes.grid} ${classes.threeColumns}`}>
        {FEATURES.map(({ title, text, Icon }) => (
          <div key={title} className={classes.feature}>
            <span className={classes.featureIcon}>
              <Icon size={26} />
            </span>
            <h3 className={`${ui.title} ${ui.h4} ${classes.featureTitle}`}>{title}</h3>
            <p className={`${ui.text} ${classes.featureText}`}>{text}</p>
          </div>
        ))}
      </div>
    </div>
  );
}
