/**
 * The one message the API reports for a field that breaks several rules: the rule written first on the field.
 * class-validator checks (and lists) a field's rules from the last written up, so that is the last one listed, and
 * a missing field is "required" rather than "too long".
 */
export function reportedMessage(constraints: Record<string, string> | undefined): string | undefined {
  return Object.values(constraints ?? {}).at(-1);
}
