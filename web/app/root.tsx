// Only the Mantine styles the app uses (the file says how to add one), then the theme's variables (vite.config.ts).
import '~/styles/mantine.css';
import 'virtual:theme.css';
import { TOAST_AUTO_CLOSE_MS } from '@fitcoach/contracts';
import { ColorSchemeScript, mantineHtmlProps } from '@mantine/core';
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches } from '@remix-run/react';
import type { ReactNode } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PageLayout } from '~/components/layout/page-layout';
import { LazyNotifications } from '~/components/lazy-notifications';
import { RealtimeProvider } from '~/components/realtime/realtime-provider';
import { ServiceWorker } from '~/components/service-worker';
import { FlashToast } from '~/components/toast';
import { THEME_COLOR } from '~/utils/app-manifest';
import { getUser } from '~/utils/auth.server';
import { requestLocale } from '~/utils/locale.server';
import { env } from '~/utils/env.server';
import { useNonce } from '~/utils/nonce-provider';
import { errorPageMeta } from '~/utils/seo';
import { siteName } from '~/utils/site-name';
import { useOptionalUser } from '~/utils/user';
import { sessionLoader } from '~/utils/route.server';
import { getToast } from '~/utils/toast.server';

/** The error screens': every page has a meta of its own, which an error at the root replaces. */
export const meta: MetaFunction = ({ error }) => errorPageMeta(error);

export const links: LinksFunction = () => [
  { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  const [user, { toast, headers }] = await Promise.all([getUser(args), getToast(args.request)]);
  return data({ user, toast, publicUrl: env.publicUrl, locale: requestLocale(args.request) }, { headers });
});

// Mantine's provider is in the pages' layout (routes/_app.tsx), not here: the home page and error screens are plain
// elements, and the home page's JavaScript carries none of Mantine (ADR 043).
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const user = useOptionalUser();
  // A page whose route says `hydrate: false` (the offline page) is plain HTML and CSS.
  const hydrated = !useMatches().some(
    (match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false,
  );
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="application-name" content={siteName()} />
        <meta name="theme-color" content={THEME_COLOR} />
        <Meta />
        <Links />
        {/* The client renders no nonce (see utils/nonce-provider): not a mismatch worth a warning. */}
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" suppressHydrationWarning />
      </head>
      <body>
        <LazyNotifications autoClose={TOAST_AUTO_CLOSE_MS} />
        <RealtimeProvider userId={user?.id ?? null}>
          <PageLayout>{children}</PageLayout>
        </RealtimeProvider>
        {hydrated ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            <ServiceWorker />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <FlashToast toast={toast} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
