import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { micromark } from 'micromark';
import about from '~/content/pages/about.md?raw';
import contact from '~/content/pages/contact.md?raw';
import privacy from '~/content/pages/privacy.md?raw';
import terms from '~/content/pages/terms.md?raw';
import { env } from './env.server';
import type { SitePageSlug } from './site-pages';

// `DATA_DIR/pages/<slug>.md` when the operator wrote one, else web/app/content/pages. micromark escapes the file's
// HTML and drops dangerous link protocols, so it cannot put markup or script on the page.

const DEFAULTS: Record<SitePageSlug, string> = { about, contact, privacy, terms };

export interface SitePage {
  title: string | null;
  html: string;
}

async function operatorText(slug: SitePageSlug): Promise<string | null> {
  try {
    // Read at every visit, so an edit shows at once without a restart.
    return await readFile(join(env.dataDir, 'pages', `${slug}.md`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function firstHeading(markdown: string): string | null {
  const line = markdown.split('\n').find((text) => text.startsWith('# '));
  return line?.slice(2).trim() || null;
}

export async function sitePage(slug: SitePageSlug): Promise<SitePage> {
  const markdown = ((await operatorText(slug)) ?? DEFAULTS[slug]).replaceAll('{{site}}', env.siteName);
  return { title: firstHeading(markdown), html: micromark(markdown) };
}
