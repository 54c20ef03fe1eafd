import type { LoaderFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { requireUser } from '~/utils/auth.server';
import { forgetPendingOrder, paidRedirect, pendingOrder } from '~/utils/checkout.server';
import { sessionLoader } from '~/utils/route.server';
import { redirectWithToast } from '~/utils/toast.server';

// PayPal sends the member back with a top-level GET, so this GET captures: allowed by
// docs/decisions/014-paypal-return-url-captures-on-get.md, as a capture is idempotent and bound to its member.
export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  // A member whose session ended while at PayPal signs in and comes back to this very URL.
  await requireUser(args);
  const orderId = new URL(args.request.url).searchParams.get('token') ?? '';
  const { program: programId, schedule } =
    orderId === '' ? { program: null, schedule: null } : await pendingOrder(args.request, orderId);
  const failedTo = programId === null ? '/programmes' : `/programDetails/${programId}`;
  if (orderId === '') {
    return redirectWithToast(
      failedTo,
      { type: 'error', message: 'No PayPal order to complete.' },
      args.request,
    );
  }
  const capture = await api.captureOrder(args, orderId);
  if (capture.ok) {
    const paid = await paidRedirect(args, capture.data, schedule);
    return forgetPendingOrder(paid, args.request);
  }
  // A programme withdrawn from sale while the member was at PayPal has no page left to tell them on.
  const shown = programId !== null && (await api.program(args, programId)).ok;
  const to = shown ? failedTo : '/programmes';
  const refused = await redirectWithToast(
    to,
    { type: 'error', message: capture.error.message },
    args.request,
  );
  return forgetPendingOrder(refused, args.request);
});
