import type { LoaderFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { requireUser } from '~/utils/auth.server';
import { parseId } from '~/utils/catalogue';
import { dataOrThrow, invariantResponse } from '~/utils/invariant';
import { sessionLoader } from '~/utils/route.server';

// The receipt as the API writes it (docs/product.md §2.12); the API decides whose it is. Its strict CSP comes along,
// so the page runs no script and loads nothing.
export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  await requireUser(args);
  const id = parseId(args.params.id);
  invariantResponse(id !== null, 'Receipt not found', { status: 404 });
  const receipt = dataOrThrow(await api.receipt(args, id));
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
  if (receipt.policy) headers.set('Content-Security-Policy', receipt.policy);
  return new Response(receipt.html, { headers });
});
