import type { ActionFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { parseId } from '~/utils/catalogue';
import { pendingOrderHeaders } from '~/utils/checkout.server';
import { readForm } from '~/utils/multipart.server';
import { sessionAction } from '~/utils/route.server';
import { textField } from '~/utils/validation';

/*
 * A resource route for PayPal's JS buttons on /programDetails/{id}: their createOrder callback posts here and gets
 * the order id as JSON, or the API's refusal. The browser never calls the API itself: the order is created with the
 * session's token.
 */
export const action = sessionAction(async (args: ActionFunctionArgs): Promise<Response> => {
  const submitted = await readForm(args.request);
  const programId = submitted ? parseId(textField(submitted.form, 'program')) : null;
  const currency = submitted ? textField(submitted.form, 'currency') : '';
  if (programId === null) return Response.json({ message: 'Unknown programme.' }, { status: 404 });
  const order = await api.createOrder(args, programId, currency);
  if (!order.ok) return Response.json({ message: order.error.message }, { status: order.status });
  const headers = await pendingOrderHeaders({ order: order.data.id, program: programId }, args.request);
  return Response.json({ id: order.data.id }, { status: 201, headers });
});
