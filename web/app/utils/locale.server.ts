import { firstSupportedLocale } from '@fitcoach/contracts';
import Negotiator from 'negotiator';

/**
 * The visitor's locale for numbers and money: the first language of their Accept-Language, by preference, that Intl
 * knows. Read once per request by the root loader, so the server's render and the browser's hydration format alike.
 */
export function requestLocale(request: Request): string {
  const header = request.headers.get('accept-language') ?? '';
  return firstSupportedLocale(new Negotiator({ headers: { 'accept-language': header } }).languages());
}
