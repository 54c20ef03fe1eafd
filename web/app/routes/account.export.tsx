import { accountExportFileName } from '@fitcoach/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { requireUser } from '~/utils/auth.server';
import { sessionLoader } from '~/utils/route.server';
import { redirectWithToast } from '~/utils/toast.server';

/** "Download my data": a plain link, so no script is needed; a refusal goes back to the profile with its reason. */
export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  await requireUser(args);
  const result = await api.exportAccount(args);
  if (!result.ok) {
    throw await redirectWithToast(
      '/userProfile',
      { type: 'error', message: result.error.message },
      args.request,
    );
  }
  const fileName = accountExportFileName(new Date(result.data.exported_at));
  return new Response(JSON.stringify(result.data, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    },
  });
});
