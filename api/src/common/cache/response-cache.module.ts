import { Global, Module } from '@nestjs/common';
import { CacheForAnonymous } from './cache-for-anonymous.interceptor.js';
import { ResponseCache } from './response-cache.js';

@Global()
@Module({
  providers: [ResponseCache, CacheForAnonymous],
  exports: [ResponseCache, CacheForAnonymous],
})
export class ResponseCacheModule {}
