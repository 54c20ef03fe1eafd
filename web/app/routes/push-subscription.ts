import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { readForm } from '~/utils/multipart.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { textField } from '~/utils/validation';

// The profile's "Push notifications on this device" (components/profile/push-device.tsx) talks to the API through
// here, with the session's token: the browser never calls the API itself.

/** The key the browser subscribes with. */
export const loader = sessionLoader(async (args: LoaderFunctionArgs): Promise<Response> => {
  const config = await api.pushConfig(args);
  if (!config.ok) return Response.json({ message: config.error.message }, { status: config.status });
  return Response.json({ publicKey: config.data.public_key });
});

/** `intent` subscribe (`endpoint`, `p256dh`, `auth`) or unsubscribe (`endpoint`); the API's refusal as it came. */
export const action = sessionAction(async (args: ActionFunctionArgs): Promise<Response> => {
  const form = (await readForm(args.request))?.form ?? new FormData();
  const endpoint = textField(form, 'endpoint');
  const result =
    textField(form, 'intent') === 'unsubscribe'
      ? await api.unsubscribePush(args, endpoint)
      : await api.subscribePush(args, {
          endpoint,
          keys: { p256dh: textField(form, 'p256dh'), auth: textField(form, 'auth') },
        });
  if (!result.ok) return Response.json({ message: result.error.message }, { status: result.status });
  return new Response(null, { status: 204 });
});
