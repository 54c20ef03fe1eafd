import { Injectable } from '@nestjs/common';
import type { ApiFieldError } from '@fitcoach/contracts';
import { ErrorBodyInterceptor } from '../../common/errors/error-body.interceptor.js';

/**
 * Adds the Django REST framework shape `{field: [messages]}` next to our `errors` list, because the spec's lesson
 * form toasts `video_url[0]` of a refused lesson (docs/product.md §8).
 */
@Injectable()
export class FieldErrorLists extends ErrorBodyInterceptor {
  protected extraKeys(body: Record<string, unknown>): Record<string, unknown> | null {
    if (!Array.isArray(body.errors)) return null;
    const lists: Record<string, string[]> = {};
    for (const { field, message } of body.errors as ApiFieldError[]) {
      // A key the error already has (`message`, `statusCode`, ...) is never overwritten by a field's list.
      if (body[field] !== undefined) continue;
      (lists[field] ??= []).push(message);
    }
    return lists;
  }
}
