import {
  CURRENCY_LABELS,
  isCurrency,
  type PaymentsConfigResponse,
  type ProgramResponse,
} from '@fitcoach/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Form, Link, useLocation } from '@remix-run/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { SubmitButton } from '~/components/forms/form-actions';
import { UrlDialog } from '~/components/layout/url-dialog';
import { ScheduleFields } from '~/components/schedule/schedule-fields';
import { useFormatMoney } from '~/utils/locale';
import {
  CHECKOUT_INTENTS,
  loadedAt,
  PAYPAL_SCRIPT_FAILURE,
  paypalReturnPath,
  paypalSdkScriptUrl,
} from '~/utils/checkout';
import type { ScheduleValues } from '~/utils/schedule';
import { useHydrated } from '~/utils/use-hydrated';

// docs/product.md §2.6 "Payment" and "Warning": each is a step named in the URL (utils/checkout.ts), a modal with
// JavaScript and the same content in the page without it.

function Step({ title, opened, children }: { title: string; opened: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <UrlDialog title={title} opened={opened} closeTo={pathname}>
      {children}
    </UrlDialog>
  );
}

function CancelLink() {
  const { pathname } = useLocation();
  return (
    <Button component={Link} to={pathname} variant="default" preventScrollReset>
      Cancel
    </Button>
  );
}

function IntentForm({ intent, children }: { intent: string; children: ReactNode }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

interface PayPalButtonsOptions {
  createOrder: () => Promise<string>;
  onApprove: (approval: { orderID: string }) => void;
  onError: (error: unknown) => void;
}

interface PayPalNamespace {
  Buttons: (options: PayPalButtonsOptions) => { render: (container: HTMLElement) => Promise<void> };
}

/** The form of the Payment step: its schedule fields travel with every way to pay. */
const PAYMENT_FORM_ID = 'checkout-payment';

/**
 * Creates the order through this site's action (routes/checkout.paypal.orders.tsx), never the API directly, with
 * the schedule chosen in the Payment step, which the return route sets once the capture names the subscription.
 */
async function createOrder(programId: number, currency: string): Promise<string> {
  const form = document.getElementById(PAYMENT_FORM_ID);
  const body = form instanceof HTMLFormElement ? new FormData(form) : new FormData();
  body.set('program', String(programId));
  body.set('currency', currency);
  const response = await fetch('/checkout/paypal/orders', { method: 'POST', body });
  const answer = (await response.json()) as { id?: string; message?: string };
  if (!response.ok || !answer.id) throw new Error(answer.message ?? 'The order could not be created.');
  return answer.id;
}

const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : 'The payment could not be completed.';

interface PayPalButtonsProps {
  programId: number;
  currency: string;
  scriptUrl: string;
}

/** PayPal's SDK loads only while this step is open; approval goes to the return route PayPal's redirect uses. */
function PayPalButtons({ programId, currency, scriptUrl }: PayPalButtonsProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // Only a document loaded as the checkout has the CSP that allows PayPal's SDK: reload after in-app navigation.
    if (!loadedAt(window.location.href)) return window.location.reload();
    let active = true;
    // docs/product.md §8: the failure is logged, not shown, and as a warning: the redirect button below still pays.
    const failed = () => {
      // eslint-disable-next-line no-console -- docs/product.md §8 wants this failure in the browser's console.
      console.warn(PAYPAL_SCRIPT_FAILURE);
      if (active) setState('failed');
    };
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    // Scripts can read the CSP nonce from a nonced element; the SDK passes it on to the scripts and styles it adds.
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
    if (nonce !== '') {
      script.nonce = nonce;
      script.dataset.cspNonce = nonce;
    }
    script.onerror = failed;
    script.onload = () => {
      const paypal = (window as Window & { paypal?: PayPalNamespace }).paypal;
      if (!active || !container.current) return;
      if (!paypal) return failed();
      paypal
        .Buttons({
          createOrder: () => {
            setError(null);
            return createOrder(programId, currency);
          },
          // The page PayPal's redirect lands on without JavaScript: its loader captures, then shows the lessons.
          onApprove: ({ orderID }) => {
            setState('loading');
            window.location.assign(paypalReturnPath(orderID));
          },
          onError: (failure) => setError(errorMessage(failure)),
        })
        .render(container.current)
        .then(() => active && setState('ready'), failed);
    };
    document.body.appendChild(script);
    return () => {
      active = false;
      script.remove();
    };
  }, [scriptUrl, programId, currency]);

  return (
    <Stack gap="xs">
      {state === 'loading' ? <Text>LOADING...</Text> : null}
      {error ? <Alert color="red">{error}</Alert> : null}
      <div ref={container} />
    </Stack>
  );
}

/** docs/product.md §2.6: the member's day 1, reminder time and time zone, chosen before paying. */
export interface CheckoutSchedule {
  values: ScheduleValues;
  zones: string[];
}

interface PaymentStepProps {
  program: ProgramResponse;
  opened: boolean;
  /** The active provider; null when the API could not say, with the reason in `configError`. */
  config: PaymentsConfigResponse | null;
  configError: string | null;
  /** Null while the step is closed: nothing to show. */
  schedule: CheckoutSchedule | null;
}

function PaymentOptions({ program, config }: { program: ProgramResponse; config: PaymentsConfigResponse }) {
  const hydrated = useHydrated();
  if (config.provider === 'test') {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Test payments are on: no money is charged, and the order is approved at once.
        </Text>
        <SubmitButton fullWidth name="intent" value={CHECKOUT_INTENTS.payTest}>
          Pay (test payment)
        </SubmitButton>
      </Stack>
    );
  }
  const scriptUrl =
    config.sdk_url && config.client_id
      ? paypalSdkScriptUrl(config.sdk_url, config.client_id, program.currency)
      : null;
  return (
    <Stack gap="sm">
      {hydrated && scriptUrl ? (
        <PayPalButtons programId={program.id} currency={program.currency} scriptUrl={scriptUrl} />
      ) : null}
      <SubmitButton fullWidth variant="outline" name="intent" value={CHECKOUT_INTENTS.payPayPal}>
        Pay with PayPal
      </SubmitButton>
    </Stack>
  );
}

/** docs/product.md §2 "Payment": priced in the programme's own currency (the API refuses any other). */
export function PaymentStep({ program, opened, config, configError, schedule }: PaymentStepProps) {
  const formatMoney = useFormatMoney();
  return (
    <Step title="Payment" opened={opened}>
      <Stack gap="md">
        <Text>
          {program.program_name}: {formatMoney(program.price, program.currency)}
        </Text>
        <Text size="sm">
          Currency: {isCurrency(program.currency) ? CURRENCY_LABELS[program.currency] : program.currency}
        </Text>
        {config ? (
          <Form method="post" id={PAYMENT_FORM_ID} preventScrollReset>
            <Stack gap="md">
              {schedule ? (
                <ScheduleFields values={schedule.values} zones={schedule.zones} fromBrowser />
              ) : null}
              {program.unlock === 'daily' ? (
                <Text size="sm" c="dimmed">
                  One lesson opens each day from your start date, at midnight in your time zone.
                </Text>
              ) : null}
              <PaymentOptions program={program} config={config} />
            </Stack>
          </Form>
        ) : (
          <Alert color="red">{configError}</Alert>
        )}
        <Group justify="flex-end">
          <CancelLink />
        </Group>
      </Stack>
    </Step>
  );
}

/** docs/product.md §2 "Warning": unsubscribing ends the subscription, and nothing is refunded. */
export function UnsubscribeStep({ opened }: { opened: boolean }) {
  return (
    <Step title="Warning" opened={opened}>
      <Stack gap="md">
        <Text>Are you sure you want to unsubscribe?</Text>
        <Text>You will have to pay again to resubscribe later.</Text>
        <Text size="sm" c="dimmed">
          No refund is made automatically.
        </Text>
        <Group justify="flex-end">
          <CancelLink />
          <IntentForm intent={CHECKOUT_INTENTS.unsubscribe}>
            <SubmitButton color="red">Unsubscribe</SubmitButton>
          </IntentForm>
        </Group>
      </Stack>
    </Step>
  );
}
