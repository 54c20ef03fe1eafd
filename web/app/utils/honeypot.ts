// A field people never see and bots fill in (STYLE: honeypot on public forms); browsers don't autofill hidden fields.
export const HONEYPOT_FIELD = 'name__confirm';

export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value !== 'string' || value !== '';
}
