import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * The server writes each e-mail it would send to DATA_DIR/outbox/<time>-<recipient>.eml (docs/architecture.md
 * §6). The Playwright config gives the server its DATA_DIR through E2E_DATA_DIR, so tests read the messages it sent.
 */

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return join(dataDir, 'outbox');
}

/** RFC 2045 quoted-printable: soft line breaks (`=` at the end of a line) join lines, `=XX` are bytes. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): MimePart {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody({ headers, body }: MimePart): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The decoded text/plain content of a message, whether it is multipart or a single part. */
export function plainText(eml: string): string {
  const message = parsePart(eml);
  const type = message.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return decodeBody(message);
  const parts = message.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((raw) => parsePart(raw.replace(/^\r?\n/, '')));
  const text = parts.find((part) =>
    (part.headers.get('content-type') ?? '').toLowerCase().startsWith('text/plain'),
  );
  if (!text) throw new Error('The message has no text/plain part');
  return decodeBody(text);
}

/** The newest message sent to `recipient`, or null while there is none. */
export async function latestMessageTo(recipient: string): Promise<string | null> {
  const suffix = `-${recipient}.eml`;
  let names: string[];
  try {
    names = await readdir(outboxDir());
  } catch {
    return null;
  }
  // The names start with an ISO timestamp, so they sort by time.
  const newest = names
    .filter((name) => name.endsWith(suffix))
    .sort()
    .at(-1);
  return newest ? readFile(join(outboxDir(), newest), 'utf8') : null;
}

/** The path (`/verify/<token>`) of the verification link in a message. */
export function verificationPath(eml: string): string {
  const match = /https?:\/\/[^\s/]+(\/verify\/[\w%.~-]+)/.exec(plainText(eml));
  if (!match?.[1]) throw new Error('The message has no verification link');
  return match[1];
}

/** The path (`/reset-password/<token>`) of the password reset link in a message, or null if it has none. */
export function passwordResetPath(eml: string): string | null {
  return /https?:\/\/[^\s/]+(\/reset-password\/[\w%.~-]+)/.exec(plainText(eml))?.[1] ?? null;
}
