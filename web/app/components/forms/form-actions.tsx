import { Button, type ButtonProps, Group } from '@mantine/core';
import { Link, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';

/** A form's submit button, spinning while the page submits. */
export function SubmitButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  const submitting = useNavigation().state === 'submitting';
  return (
    <Button type="submit" loading={submitting} {...props}>
      {children}
    </Button>
  );
}

interface FormActionsProps {
  submitLabel: string;
  /** The link that leaves the form unsaved. */
  cancelLabel: string;
  cancelTo: string;
  /** Leaving keeps the scroll position: for a form opened over the page. */
  preventScrollReset?: boolean;
}

/** The buttons at the end of a form: leave it, or submit it. */
export function FormActions({ submitLabel, cancelLabel, cancelTo, preventScrollReset }: FormActionsProps) {
  return (
    <Group justify="flex-end">
      <Button component={Link} to={cancelTo} variant="default" preventScrollReset={preventScrollReset}>
        {cancelLabel}
      </Button>
      <SubmitButton>{submitLabel}</SubmitButton>
    </Group>
  );
}
