const DEFAULT_REDIRECT = '/';

/** `to` when it is a path on this site, else `fallback`: `//evil.example` and `/\evil.example` are other origins. */
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
