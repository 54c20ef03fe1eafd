export const INTENTS = { publish: 'publish', reject: 'reject' } as const;
