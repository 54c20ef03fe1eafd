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
    title: 'Excellent Fitness Programs',
    text: 'The programs are individually vetted by experts in the field',
    Icon: DumbbellIcon,
  },
  { title: 'World class Trainers', text: 'Our trainer are the best in the field.', Icon: TrophyIcon },
  {
    title: 'Designed For Athletes',
    text: 'Our products are designed to support the unique needs of athletes.',
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
