/**
 * The one message the API reports for a refused field: its first rule that failed. A field's rules are checked in
 * the order its DTO lists them (`rules`), and the API's validation stops at the first that fails; where every rule
 * is checked (the site's forms), the first listed that failed comes first too.
 */
export function reportedMessage(constraints: Record<string, string> | undefined): string | undefined {
  return Object.values(constraints ?? {})[0];
}
