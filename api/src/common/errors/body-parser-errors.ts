import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '@fitcoach/contracts';

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  limit?: number;
}

const MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'Malformed JSON body',
  'entity.too.large': 'Request body too large',
  'encoding.unsupported': 'Unsupported body encoding',
  'charset.unsupported': 'Unsupported body charset',
  'request.aborted': 'Request aborted',
};

/** Body parsers fail before Nest's pipeline, so their errors would otherwise get Express's HTML error page. */
export function bodyParserErrorHandler(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  const e = err as BodyParserError;
  const status = e?.status ?? e?.statusCode;
  if (!e?.type || typeof status !== 'number' || status < 400 || status >= 500) {
    next(err);
    return;
  }
  const body: ApiError = { statusCode: status, message: MESSAGES[e.type] ?? 'Bad request body' };
  res.status(status).json(body);
}
