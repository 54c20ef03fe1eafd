import { Injectable } from '@nestjs/common';
import { ErrorBodyInterceptor } from './error-body.interceptor.js';

/** The spec's client reads the error from another key on some routes (docs/product.md §8). */
@Injectable()
export class LegacyErrorKey extends ErrorBodyInterceptor {
  constructor(private readonly key: 'error_message' | 'detail') {
    super();
  }

  protected extraKeys(body: Record<string, unknown>): Record<string, unknown> | null {
    if (body[this.key] !== undefined) return null;
    return { [this.key]: Array.isArray(body.message) ? body.message.join('; ') : body.message };
  }
}
