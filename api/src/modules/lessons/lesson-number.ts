/** How the spec writes a lesson's number: `"{programmeId}-{n}"` (docs/product.md §3), e.g. `"26-3"`. */
export function formatLessonNumber(programId: number, number: number): string {
  return `${programId}-${number}`;
}

/**
 * Reads `"{programmeId}-{n}"` or a bare `n`. The programme part is null for the bare form; null altogether when
 * the value is neither, or when `n` is not a positive whole number.
 */
export function parseLessonNumber(value: string): { programId: number | null; number: number } | null {
  const match = /^(?:(\d{1,10})-)?(\d{1,9})$/.exec(value.trim());
  if (!match) return null;
  const number = Number(match[2]);
  if (number < 1) return null;
  return { programId: match[1] === undefined ? null : Number(match[1]), number };
}

/** The largest id a path may name (a signed 32-bit integer, as the IdPipe takes). */
const MAX_ID = 2_147_483_647;

/**
 * A programme's id written plain (`"26"`) or as one of its lesson numbers (`"26-3"`), as the spec's client sends
 * it to `getlessonProgress`; null when the value is neither.
 */
export function parseProgramRef(value: string): number | null {
  const match = /^(\d{1,10})(?:-\d{1,9})?$/.exec(value);
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= MAX_ID ? id : null;
}
