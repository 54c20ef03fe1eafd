import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import classes from './compact-field.module.css';

interface CompactFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  error?: string;
}

/**
 * A labelled text input and its error in plain elements, looking like Mantine's TextInput, for forms that repeat a
 * field dozens of times (a workout's sets): each Mantine input costs a fifth of a millisecond of server rendering,
 * which a page of thirty of them pays on every request (docs/performance.md).
 */
export function CompactField({ label, error, ...input }: CompactFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={classes.root}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={classes.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface CompactTextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  label: string;
}

/** A labelled textarea in plain elements, for a form each item of a list repeats (a review's answer or report). */
export function CompactTextarea({ label, ...textarea }: CompactTextareaProps) {
  const id = useId();
  return (
    <div className={classes.root}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <textarea {...textarea} id={id} className={classes.textarea} />
    </div>
  );
}
