/** The two forms of Pending Approvals, told apart by their `intent` field. */
export const INTENTS = { publish: 'publish', reject: 'reject' } as const;
