// The training record page's form intents and page size (docs/product.md §2.15), shared by its page and action.

export const RECORD_LOGS_PAGE_SIZE = 20;

export const RECORD_INTENTS = {
  measure: 'measure',
  unmeasure: 'delete-measurement',
  share: 'share',
} as const;
