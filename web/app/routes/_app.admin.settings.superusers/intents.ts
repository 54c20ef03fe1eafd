export const INTENTS = { promote: 'promote', demote: 'demote' } as const;
