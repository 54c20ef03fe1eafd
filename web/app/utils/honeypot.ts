/*
 * A field that people never see and bots fill in (STYLE: honeypot on public forms). Its name looks like something
 * worth filling; browsers do not autofill fields that are not displayed.
 */
export const HONEYPOT_FIELD = 'name__confirm';

export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value !== 'string' || value !== '';
}
