import { firstSupportedLocale } from '@fitcoach/contracts';
import Negotiator from 'negotiator';

/** The visitor's first Accept-Language locale Intl knows, read once per request so render and hydration agree. */
export function requestLocale(request: Request): string {
  const header = request.headers.get('accept-language') ?? '';
  return firstSupportedLocale(new Negotiator({ headers: { 'accept-language': header } }).languages());
}
