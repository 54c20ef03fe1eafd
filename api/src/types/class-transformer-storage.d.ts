// class-transformer ships the storage's types apart from its CommonJS build, which Node's ESM imports resolve to.
declare module 'class-transformer/cjs/storage.js' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage.js';
}
