import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import classes from './compact-field.module.css';

interface FieldTexts {
  label: string;
  /** A line under the label, before the control. */
  description?: string;
  error?: string;
}

/** What the control of a field says of itself: its id, and the description and error that describe it. */
function useFieldIds({ description, error }: Omit<FieldTexts, 'label'>) {
  const id = useId();
  const described = [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean);
  return {
    id,
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
    },
  };
}

/** A field's root: its label, description, control and error, in Mantine's order. */
function Labelled({
  id,
  label,
  description,
  error,
  children,
}: FieldTexts & { id: string; children: ReactNode }) {
  return (
    <div className={classes.root}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      {description ? (
        <p id={`${id}-description`} className={classes.description}>
          {description}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type CompactFieldProps = FieldTexts & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/**
 * A labelled text input and its error in plain elements, looking like Mantine's TextInput, for forms that repeat a
 * field dozens of times (a workout's sets) or that a page renders for every visit: each Mantine input costs a fifth
 * of a millisecond of server rendering (docs/performance.md).
 */
export function CompactField({ label, description, error, ...input }: CompactFieldProps) {
  const { id, control } = useFieldIds({ description, error });
  return (
    <Labelled id={id} label={label} description={description} error={error}>
      <input {...input} {...control} className={classes.input} />
    </Labelled>
  );
}

type CompactTextareaProps = FieldTexts &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

/**
 * A labelled textarea in plain elements, looking like Mantine's Textarea, growing with its text from its `rows`
 * (which `field-sizing` alone would shrink to one line): the lines, its padding and its border.
 */
export function CompactTextarea({ label, description, error, rows, ...textarea }: CompactTextareaProps) {
  const { id, control } = useFieldIds({ description, error });
  return (
    <Labelled id={id} label={label} description={description} error={error}>
      <textarea
        {...textarea}
        {...control}
        rows={rows}
        style={rows ? { minHeight: `calc(${rows}lh + 18px)` } : undefined}
        className={classes.textarea}
      />
    </Labelled>
  );
}

type CompactSelectProps = FieldTexts &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'> & {
    /** The options: a value that is its own label, or a value and its label. */
    data: readonly (string | { value: string; label: string })[];
  };

/** A labelled native select in plain elements, looking like Mantine's NativeSelect with its chevron. */
export function CompactSelect({ label, description, error, data, ...select }: CompactSelectProps) {
  const { id, control } = useFieldIds({ description, error });
  return (
    <Labelled id={id} label={label} description={description} error={error}>
      <div className={classes.selectBox}>
        <select {...select} {...control} className={classes.select}>
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
