// The browser's side of Web Push (components/profile/push-device.tsx, the navbar's Logout).

/** Whether this browser can receive push messages at all. */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This browser's subscription with the site, if the service worker is registered and subscribed. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** On sign-out: the next person on this browser chooses for themselves (the API removes the session's rows). */
export function forgetPushSubscription(): void {
  currentPushSubscription()
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}

/** The VAPID public key (base64url) as PushManager.subscribe takes it. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
