import { Modal, Paper, Title } from '@mantine/core';
import { useNavigate } from '@remix-run/react';
import { type ReactNode, useId } from 'react';
import { useHydrated } from '~/utils/use-hydrated';

interface UrlDialogProps {
  opened: boolean;
  title: string;
  closeTo: string;
  children: ReactNode;
}

/** A dialog that is a state of the URL: a modal with JavaScript, the same content in the page without it. */
export function UrlDialog({ opened, title, closeTo, children }: UrlDialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();
  if (hydrated) {
    return (
      <Modal opened={opened} onClose={() => navigate(closeTo, { preventScrollReset: true })} title={title}>
        {children}
      </Modal>
    );
  }
  if (!opened) return null;
  return (
    <Paper withBorder p="lg" my="md" role="dialog" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
