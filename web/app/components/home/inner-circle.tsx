import { Link } from '@remix-run/react';
import ui from '~/components/ui/ui.module.css';
import classes from './home.module.css';

export function InnerCircle() {
  return (
    <section className={classes.innerCircle}>
      <div className={`${ui.container} ${ui.containerMd} ${classes.section} ${classes.centered}`}>
        <h2 className={`${ui.title} ${classes.sectionTitle}`}>Join our Inner Circle</h2>
        <p className={`${ui.text} ${ui.textLg} ${classes.lead}`}>
          Unlock Exclusive Content and Connect with a Community Committed to Health and Wellness
        </p>
        <Link to="/trainerRegister" className={`${ui.button} ${ui.buttonLg} ${ui.white}`}>
          BECOME A TRAINER
        </Link>
      </div>
    </section>
  );
}
