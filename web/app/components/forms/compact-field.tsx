import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
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
    <Labelled id={id} label={label}>
      <textarea {...textarea} id={id} className={classes.textarea} />
    </Labelled>
  );
}

/** A field's root and label, its control after. */
function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className={classes.root}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      {children}
    </div>
  );
}

interface CompactSelectProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'className' | 'children'
> {
  label: string;
  /** The options: a value that is its own label, or a value and its label. */
  data: readonly (string | { value: string; label: string })[];
}

/** A labelled native select in plain elements, looking like Mantine's NativeSelect with its chevron. */
export function CompactSelect({ label, data, ...select }: CompactSelectProps) {
  const id = useId();
  return (
    <Labelled id={id} label={label}>
      <div className={classes.selectBox}>
        <select {...select} id={id} className={classes.select}>
          {data.map((option) => {
            const { value, label: text } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
        <svg className={classes.chevron} viewBox="0 0 15 15" aria-hidden="true">
          <path d={CHEVRON} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
        </svg>
      </div>
    </Labelled>
  );
}

/** Mantine's ComboboxChevron: up and down arrows. */
const CHEVRON =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';
