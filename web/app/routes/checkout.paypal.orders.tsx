import type { ActionFunctionArgs } from '@remix-run/node';
import { createOrderForButtons } from '~/utils/checkout.server';
import { sessionAction } from '~/utils/route.server';

/*
 * A resource route for PayPal's JS buttons on /programDetails/{id}: their createOrder callback posts here and gets
 * the order id as JSON. The browser never calls the API itself: the order is created with the session's token.
 */
export const action = sessionAction((args: ActionFunctionArgs) => createOrderForButtons(args));
