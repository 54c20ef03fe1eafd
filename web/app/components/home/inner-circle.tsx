import { Link } from '@remix-run/react';
import ui from '~/components/ui/ui.module.css';
import classes from './home.module.css';

export function InnerCircle() {
  return (
    <section className={classes.innerCircle}>
      <div className={`${ui.container} ${ui.containerMd} ${classes.section} ${classes.centered}`}>
        <h2 className={`${ui.title} ${classes.sectionTitle}`}>Are You a Trainer?</h2>
        <p className={`${ui.text} ${ui.textLg} ${classes.lead}`}>
          Publish your own programmes, sell them to members and answer your subscribers in the chat.
        </p>
        <Link to="/trainerRegister" className={`${ui.button} ${ui.buttonLg} ${ui.white}`}>
          BECOME A TRAINER
        </Link>
      </div>
    </section>
  );
}
