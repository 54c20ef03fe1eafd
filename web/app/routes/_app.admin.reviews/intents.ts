export const INTENTS = { hide: 'hide', show: 'show', keep: 'keep' } as const;
