import { type DynamicModule, Module } from '@nestjs/common';
import { CacheForAnonymous, CacheForEveryone } from './cache-for-anonymous.interceptor.js';
import { ResponseCache } from './response-cache.js';
import { TABLE_WRITES_PREFIX, TableWrites } from './table-writes.js';

@Module({})
export class ResponseCacheModule {
  static register(options: { prefix: string }): DynamicModule {
    return {
      module: ResponseCacheModule,
      global: true,
      providers: [
        { provide: TABLE_WRITES_PREFIX, useValue: options.prefix },
        TableWrites,
        ResponseCache,
        CacheForAnonymous,
        CacheForEveryone,
      ],
      exports: [TableWrites, ResponseCache, CacheForAnonymous, CacheForEveryone],
    };
  }
}
