import { TOKEN_COOKIE_MAX_AGE_SECONDS, type TokenPairResponse } from '@fitcoach/contracts';
import type { AppLoadContext } from '@remix-run/node';
import { env } from './env.server';

// The session is the API's token pair in two cookies (docs/architecture.md §5), as raw JWTs so the API, which reads
// `accessToken` on the socket.io handshake, sees the token it issued. Other shapes are neither written nor read.
const TOKEN_SHAPE = /^[\w-]+(\.[\w-]+)*$/;

export type TokenCookieName = 'accessToken' | 'refreshToken';

export interface TokenCookie {
  readonly name: TokenCookieName;
  parse(request: Request): string | null;
  serialize(token: string, request: Request): string;
  clear(request: Request): string;
}

/** Whether a cookie set in answer to `request` is `Secure`: always in production or behind an https PUBLIC_URL. */
export function isSecureCookie(request: Request): boolean {
  return env.secureCookies || new URL(request.url).protocol === 'https:';
}

function attributes(request: Request, maxAgeSeconds: number): string {
  const secure = isSecureCookie(request) ? '; Secure' : '';
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function createTokenCookie(name: TokenCookieName): TokenCookie {
  return {
    name,
    parse(request) {
      const header = request.headers.get('Cookie') ?? '';
      for (const pair of header.split(';')) {
        const separator = pair.indexOf('=');
        if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
        const value = pair.slice(separator + 1).trim();
        return TOKEN_SHAPE.test(value) ? value : null;
      }
      return null;
    },
    serialize(token, request) {
      if (!TOKEN_SHAPE.test(token)) throw new Error(`Refusing to store a malformed ${name}`);
      return `${name}=${token}; ${attributes(request, TOKEN_COOKIE_MAX_AGE_SECONDS)}`;
    },
    clear(request) {
      return `${name}=; ${attributes(request, 0)}`;
    },
  };
}

export const accessTokenCookie = createTokenCookie('accessToken');
export const refreshTokenCookie = createTokenCookie('refreshToken');

/**
 * The tokens of one HTTP request, living as long as the load context its loaders share: a token one refreshes is the
 * one the others use, and the changes become `Set-Cookie` headers once.
 */
export class RequestSession {
  accessToken: string | null;
  refreshToken: string | null;
  private changed = false;

  constructor(private readonly request: Request) {
    this.accessToken = accessTokenCookie.parse(request);
    this.refreshToken = refreshTokenCookie.parse(request);
  }

  store(tokens: TokenPairResponse): void {
    this.accessToken = tokens.access;
    this.refreshToken = tokens.refresh;
    this.changed = true;
  }

  clear(): void {
    this.accessToken = null;
    this.refreshToken = null;
    this.changed = true;
  }

  /** The `Set-Cookie` values that bring the browser's cookies in line with this session; none when unchanged. */
  setCookies(): string[] {
    if (!this.changed) return [];
    const { request, accessToken, refreshToken } = this;
    if (accessToken === null || refreshToken === null) {
      return [accessTokenCookie.clear(request), refreshTokenCookie.clear(request)];
    }
    return [
      accessTokenCookie.serialize(accessToken, request),
      refreshTokenCookie.serialize(refreshToken, request),
    ];
  }
}

const sessions = new WeakMap<AppLoadContext, RequestSession>();

export interface RouteArgs {
  request: Request;
  context: AppLoadContext;
}

export function getSession({ request, context }: RouteArgs): RequestSession {
  let session = sessions.get(context);
  if (!session) {
    session = new RequestSession(request);
    sessions.set(context, session);
  }
  return session;
}
