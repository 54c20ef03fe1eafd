import { Button, type ButtonProps, Group } from '@mantine/core';
import { Link, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';

/** `name` and `value` are sent with the form when this button submits it: one form with several actions. */
export function SubmitButton({
  children,
  ...props
}: ButtonProps & { children: ReactNode; name?: string; value?: string }) {
  const submitting = useNavigation().state === 'submitting';
  return (
    <Button type="submit" loading={submitting} {...props}>
      {children}
    </Button>
  );
}

interface FormActionsProps {
  submitLabel: string;
  cancelLabel: string;
  cancelTo: string;
  /** Leaving keeps the scroll position: for a form opened over the page. */
  preventScrollReset?: boolean;
}

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
