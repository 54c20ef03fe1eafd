import { Injectable } from '@nestjs/common';
import { ErrorBodyInterceptor } from './error-body.interceptor.js';

/**
 * Copies an error's `message` into the key the spec's client reads on this route (docs/product.md §8:
 * `error_message` on register, `detail` on tokens).
 */
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
