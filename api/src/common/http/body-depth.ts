import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '@fitcoach/contracts';

/** Deeper than any body the API takes (its DTOs are flat), shallow enough for recursive code to walk safely. */
export const MAX_BODY_DEPTH = 32;

/** Without recursion, and only objects are queued, so a body of many numbers allocates nothing for them. */
export function nestingDepth(value: unknown, limit: number): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  const objects: object[] = [value];
  const levels: number[] = [1];
  while (objects.length > 0) {
    const current = objects.pop() as Record<string, unknown>;
    const level = levels.pop()!;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const key in current) {
      const child = current[key];
      if (child !== null && typeof child === 'object') {
        objects.push(child);
        levels.push(level + 1);
      }
    }
  }
  return deepest;
}

/** JSON.parse takes thousands of levels, but class-transformer recurses and would overflow the stack (a 500). */
export function refuseDeepBodies(req: Request, res: Response, next: NextFunction): void {
  if (nestingDepth(req.body, MAX_BODY_DEPTH) <= MAX_BODY_DEPTH) {
    next();
    return;
  }
  const body: ApiError = { statusCode: 400, message: 'The request body is nested too deeply' };
  res.status(400).json(body);
}
