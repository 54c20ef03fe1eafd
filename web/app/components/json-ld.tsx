import { useNonce } from '~/utils/nonce-provider';
import { scriptJson } from '~/utils/seo';

/** schema.org data; the client renders no nonce (utils/nonce-provider), hence the suppressed warning. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: scriptJson(data) }}
    />
  );
}
