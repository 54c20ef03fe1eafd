export * from './countries.js';
export * from './enums.js';
export * from './errors.js';
export * from './health.js';
export * from './jobs.js';
export * from './limits.js';
export * from './text.js';
