/** The two forms of Settings → Superusers, told apart by their `intent` field. */
export const INTENTS = { promote: 'promote', demote: 'demote' } as const;
