import { type ActionFunctionArgs, redirect } from '@remix-run/node';
import { clearSessionHeaders } from '~/utils/session.server';

// Signing out changes state, so it only happens on POST (the navbar's Logout form); a GET just goes home.
export function loader() {
  return redirect('/');
}

export function action({ request }: ActionFunctionArgs) {
  return redirect('/', { headers: clearSessionHeaders(request) });
}
