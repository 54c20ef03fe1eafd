import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '@fitcoach/contracts';

/** Deeper than any body the API takes (its DTOs are flat), shallow enough for recursive code to walk safely. */
export const MAX_BODY_DEPTH = 32;

/** How deeply arrays and objects nest in `value`, counted without recursion and stopping past `limit`. */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Object.values(current)) pending.push([child, level]);
  }
  return deepest;
}

/**
 * Refuses a parsed body that nests deeper than MAX_BODY_DEPTH with 400: JSON.parse takes thousands of levels, but
 * the validation pipe's class-transformer walks a body recursively and would overflow the stack (a 500).
 */
export function refuseDeepBodies(req: Request, res: Response, next: NextFunction): void {
  if (nestingDepth(req.body, MAX_BODY_DEPTH) <= MAX_BODY_DEPTH) {
    next();
    return;
  }
  const body: ApiError = { statusCode: 400, message: 'The request body is nested too deeply' };
  res.status(400).json(body);
}
