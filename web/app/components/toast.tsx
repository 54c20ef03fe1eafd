import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { PlainAlert } from '~/components/ui/alert';
import ui from '~/components/ui/ui.module.css';
import type { Toast, ToastType } from '~/types/toast';

const COLORS: Record<ToastType, 'green' | 'red' | 'blue'> = { success: 'green', error: 'red', info: 'blue' };

/** The root loader's flash toast; without JavaScript it is rendered inline in <noscript>. */
export function FlashToast({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return;
    // The toast's id makes an effect that runs twice (React's strict mode) show it only once.
    notifications.show({
      id: toast.id,
      title: toast.title,
      message: toast.message,
      color: COLORS[toast.type],
    });
  }, [toast]);

  if (!toast) return null;
  return (
    <noscript>
      <div className={`${ui.container} ${ui.paddedTop}`}>
        <PlainAlert color={COLORS[toast.type]} title={toast.title}>
          {toast.message}
        </PlainAlert>
      </div>
    </noscript>
  );
}
