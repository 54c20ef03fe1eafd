/**
 * The tables of the catalogue and of what members buy from it, each after those it references: both seeds write
 * these first, in this order.
 */
export const CATALOGUE_TABLES = [
  'user',
  'profile',
  'trainer',
  'program',
  'publish_request',
  'lesson',
  'payment',
  'subscription',
] as const;
