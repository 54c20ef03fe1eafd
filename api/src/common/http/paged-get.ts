import { applyDecorators, Get, UseInterceptors } from '@nestjs/common';
import { Roles } from '../auth/auth.decorators.js';
import { RouteDoc } from '../openapi/route-doc.js';
import { PaginatedResponse } from './pagination.interceptor.js';

/** A GET route answering one page of a list: documented, held to the role its doc names, with the paging headers. */
export function PagedGet(path: string, doc: RouteDoc): MethodDecorator {
  return applyDecorators(
    RouteDoc(doc),
    Get(path),
    ...(doc.role ? [Roles(doc.role)] : []),
    UseInterceptors(PaginatedResponse),
  );
}
