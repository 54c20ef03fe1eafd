import { Alert, Button, Paper, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useHydrated } from '~/utils/use-hydrated';
import { applicationServerKey, currentPushSubscription, pushSupported } from '~/utils/push-client';

type PushState = 'checking' | 'unavailable' | 'blocked' | 'off' | 'on';

const EXPLANATIONS: Record<Exclude<PushState, 'off' | 'on'>, string> = {
  checking: 'Checking this browser…',
  unavailable: 'This browser cannot receive push notifications from this site.',
  blocked: "Notifications are blocked for this site in your browser's settings.",
};

/** Posts to routes/push-subscription.ts, which calls the API with the session; the API's refusal as an error. */
async function tellSite(form: Record<string, string>): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form)) body.set(name, value);
  const answer = await fetch('/push-subscription', { method: 'POST', body });
  if (!answer.ok) throw new Error('The site did not take this device.');
}

/**
 * The site's service worker registration: the root layout registers it once a page has loaded, which may not have
 * happened yet on this one. Development builds have none (components/service-worker.tsx).
 */
async function workerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration || !import.meta.env.PROD) return registration;
  return navigator.serviceWorker.register('/sw.js');
}

async function turnOn(): Promise<void> {
  const registration = await workerRegistration();
  if (!registration) throw new Error('unavailable');
  const config = await fetch('/push-subscription', { headers: { Accept: 'application/json' } });
  if (!config.ok) throw new Error('The site did not answer.');
  const { publicKey } = (await config.json()) as { publicKey: string };
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(publicKey),
  });
  const { endpoint, keys } = subscription.toJSON();
  try {
    await tellSite({
      intent: 'subscribe',
      endpoint: endpoint ?? '',
      p256dh: keys?.p256dh ?? '',
      auth: keys?.auth ?? '',
    });
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
}

async function turnOff(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await tellSite({ intent: 'unsubscribe', endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe();
}

/** Where this browser stands: no worker or no push, blocked, or subscribed or not. */
async function stateOfBrowser(): Promise<PushState> {
  if (!pushSupported() || !(await workerRegistration())) return 'unavailable';
  if (Notification.permission === 'denied') return 'blocked';
  return (await currentPushSubscription()) ? 'on' : 'off';
}

/**
 * The profile's "Push notifications on this device" (docs/product.md, push notifications): subscribing needs
 * JavaScript, so without it the section says so and offers nothing to press.
 */
export function PushDevice() {
  const hydrated = useHydrated();
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    stateOfBrowser().then(setState, () => setState('unavailable'));
  }, []);

  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      if (state === 'on') {
        await turnOff();
      } else if ((await Notification.requestPermission()) === 'granted') {
        await turnOn();
      }
      setState(await stateOfBrowser());
    } catch {
      setError('Push notifications could not be turned on. Please try again later.');
      setState(await stateOfBrowser().catch(() => 'unavailable' as const));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="xl" mt="lg" component="section" aria-labelledby="push-device-title">
      <Title order={2} size="h3" mb="xs" id="push-device-title">
        Push notifications on this device
      </Title>
      <Text c="dimmed" mb="md">
        Lesson reminders and chat messages, shown by this browser even when no page of the site is open.
      </Text>
      {!hydrated ? (
        <Text>
          Turning push notifications on needs JavaScript, which this browser does not run for this site.
        </Text>
      ) : state === 'on' || state === 'off' ? (
        <>
          <Text mb="sm">Push notifications are {state} on this device.</Text>
          <Button
            onClick={() => void toggle()}
            loading={busy}
            aria-pressed={state === 'on'}
            variant={state === 'on' ? 'default' : 'filled'}
          >
            {state === 'on' ? 'Turn off push notifications' : 'Turn on push notifications'}
          </Button>
        </>
      ) : (
        <Text>{EXPLANATIONS[state]}</Text>
      )}
      {error ? (
        <Alert color="red" mt="md" role="alert">
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}
