const DEFAULT_REDIRECT = '/';

/**
 * Returns `to` when it is a path on this site, else `fallback`, so that a `redirectTo` query parameter cannot send
 * a user to another origin (`//evil.example`, `https://evil.example`, `/\evil.example`, which browsers read as
 * `//evil.example`).
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback: string = DEFAULT_REDIRECT,
): string {
  if (typeof to !== 'string' || to === '') return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.includes('\\')) return fallback;
  // Control characters (tab, newline) are stripped by URL parsers, which would turn "/\t/evil" into "//evil".
  if (hasControlCharacter(to)) return fallback;
  return to;
}

function hasControlCharacter(value: string): boolean {
  return Array.from(value, (char) => char.charCodeAt(0)).some((code) => code < 0x20 || code === 0x7f);
}
