export * from './auth.dto.js';
export * from './catalogue.dto.js';
export * from './pagination.dto.js';
export * from './transforms.js';
export * from './users.dto.js';
export * from './reported-error.js';
export * from './payments.dto.js';
export * from './subscriptions.dto.js';
