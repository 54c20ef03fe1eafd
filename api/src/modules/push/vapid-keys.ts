import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webPush from 'web-push';

/** The key pair push services know the site by (docs/decisions/060-web-push-and-an-installable-site.md). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Where keys generated for a site without VAPID_* settings are kept, in DATA_DIR. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

const PUBLIC_KEY = /^[A-Za-z0-9_-]{87}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

function parsed(text: string, path: string): VapidKeys {
  let keys: unknown;
  try {
    keys = JSON.parse(text);
  } catch {
    keys = null;
  }
  const { publicKey, privateKey } = (keys ?? {}) as Record<string, unknown>;
  if (typeof publicKey !== 'string' || !PUBLIC_KEY.test(publicKey)) throw unreadable(path);
  if (typeof privateKey !== 'string' || !PRIVATE_KEY.test(privateKey)) throw unreadable(path);
  return { publicKey, privateKey };
}

function unreadable(path: string): Error {
  return new Error(
    `${path} holds no VAPID key pair: delete it to have one generated, or set VAPID_PUBLIC_KEY`,
  );
}

async function readKeys(path: string): Promise<VapidKeys | null> {
  try {
    return parsed(await readFile(path, 'utf8'), path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The configured pair, else the one in DATA_DIR, else a new one written there (mode 0600). The file is made whole
 * under another name and linked into place, which fails when it exists: instances sharing DATA_DIR that start
 * together keep the first one written and agree on it.
 */
export async function loadVapidKeys(configured: VapidKeys | undefined, dataDir: string): Promise<VapidKeys> {
  if (configured) return configured;
  const path = join(dataDir, VAPID_KEYS_FILE);
  const existing = await readKeys(path);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const draft = `${path}.${randomUUID()}.tmp`;
  const generated = webPush.generateVAPIDKeys();
  await writeFile(draft, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  try {
    await link(draft, path);
    return generated;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    const winner = await readKeys(path);
    if (!winner) throw unreadable(path);
    return winner;
  } finally {
    await unlink(draft);
  }
}
