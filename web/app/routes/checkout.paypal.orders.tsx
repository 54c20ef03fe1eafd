import type { ActionFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { parseId } from '~/utils/catalogue';
import { pendingOrderHeaders } from '~/utils/checkout.server';
import { readForm } from '~/utils/multipart.server';
import { scheduleFromForm } from '~/utils/schedule.server';
import { sessionAction } from '~/utils/route.server';
import { textField } from '~/utils/validation';

// PayPal's createOrder callback posts here, with the Payment step's schedule: the browser never calls the API; the
// session's token creates the order.
export const action = sessionAction(async (args: ActionFunctionArgs): Promise<Response> => {
  const submitted = await readForm(args.request);
  const programId = submitted ? parseId(textField(submitted.form, 'program')) : null;
  const currency = submitted ? textField(submitted.form, 'currency') : '';
  if (programId === null) return Response.json({ message: 'Unknown programme.' }, { status: 404 });
  const order = await api.createOrder(args, programId, currency);
  if (!order.ok) return Response.json({ message: order.error.message }, { status: order.status });
  const schedule = submitted ? scheduleFromForm(submitted.form) : null;
  const headers = await pendingOrderHeaders(
    { order: order.data.id, program: programId, schedule },
    args.request,
  );
  return Response.json({ id: order.data.id }, { status: 201, headers });
});
