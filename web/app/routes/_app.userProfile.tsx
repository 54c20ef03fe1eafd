import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ProfileView } from '~/components/profile/profile-view';
import { requireUser } from '~/utils/auth.server';
import { readForm } from '~/utils/multipart.server';
import { loadProfile, updateProfile } from '~/utils/profile.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () =>
  privatePageMeta('Your profile', 'Your account, your picture and your body stats.');

export const loader = sessionLoader((args: LoaderFunctionArgs) => loadProfile(args));

// The session is checked before the body is read: an anonymous upload goes to the login page unread.
export const action = sessionAction(async (args: ActionFunctionArgs) => {
  await requireUser(args);
  return updateProfile(args, await readForm(args.request));
});

export default function UserProfileRoute() {
  const { user, editing, trainer, trainerUnavailable } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <ProfileView
      user={user}
      editing={editing}
      result={result}
      trainer={trainer}
      trainerUnavailable={trainerUnavailable}
    />
  );
}
