export type ToastType = 'success' | 'error' | 'info';

/** A one-time message carried across a redirect by the `toast` cookie and shown by the root route. */
export interface Toast {
  /** Lets the client show two identical messages in a row as two toasts. */
  id: string;
  title?: string;
  message: string;
  type: ToastType;
}

export type ToastInput = Omit<Toast, 'id'>;
