import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  PASSWORD,
  PHONE_DIGITS,
  PHONE_PATTERN,
} from '@fitcoach/contracts';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '~/utils/messages';
import { isValidEmail } from '~/utils/validation';

// Limits from @fitcoach/contracts (docs/product.md §5) as HTML constraints: the browser refuses what the API would.

interface EmailFieldProps extends Omit<TextInputProps, 'onBlur'> {
  /** With JavaScript, docs/product.md §5's "! invalid email" once the field is left with a bad address. */
  checkOnBlur?: boolean;
}

export function EmailField({ checkOnBlur = false, error, ...props }: EmailFieldProps) {
  const [hint, setHint] = useState<string | null>(null);
  return (
    <TextInput
      label="Email"
      placeholder="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      pattern={EMAIL_PATTERN}
      maxLength={EMAIL_MAX_LENGTH}
      {...props}
      error={hint ?? error}
      onBlur={
        checkOnBlur
          ? (event) => {
              const email = event.currentTarget.value.trim();
              setHint(email === '' || isValidEmail(email) ? null : MESSAGES.invalidEmail);
            }
          : undefined
      }
    />
  );
}

const NAMES = {
  first_name: { label: 'First Name', autoComplete: 'given-name' },
  last_name: { label: 'Last Name', autoComplete: 'family-name' },
} as const;

export function NameField({ name, ...props }: TextInputProps & { name: keyof typeof NAMES }) {
  return (
    <TextInput
      {...NAMES[name]}
      name={name}
      required
      pattern={NAME_PATTERN}
      maxLength={NAME_MAX_LENGTH}
      title={MESSAGES.name}
      {...props}
    />
  );
}

export function PhoneField(props: TextInputProps) {
  return (
    <TextInput
      label="Phone"
      name="phone"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      pattern={PHONE_PATTERN}
      maxLength={PHONE_DIGITS}
      {...props}
    />
  );
}

/** A new password field (labelled by its placeholder too); `repeat` is its confirmation, whose length the comparison checks. */
export function NewPasswordField({
  label,
  repeat = false,
  ...props
}: TextInputProps & { label: string; name: string; repeat?: boolean }) {
  return (
    <TextInput
      label={label}
      placeholder={label}
      type="password"
      autoComplete="new-password"
      required
      minLength={repeat ? undefined : PASSWORD.minLength}
      maxLength={PASSWORD.maxLength}
      {...props}
    />
  );
}
