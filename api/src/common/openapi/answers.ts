import type { ApiResponseSchemaHost } from '@nestjs/swagger';
import { PaginationQueryDto } from '@fitcoach/contracts';
import type { Caller, RouteDoc } from './route-doc.js';

/** An OpenAPI schema object (the package exports the type only through its decorators' options). */
export type SchemaObject = ApiResponseSchemaHost['schema'];

/* The shapes of success answers that several routes share (README.md, API). */

export const MESSAGE: SchemaObject = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
};

/** The contract's counts: one number in an array. */
export const COUNT: SchemaObject = { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 1 };

export const TOKEN_PAIR: SchemaObject = {
  type: 'object',
  required: ['access', 'refresh'],
  properties: { access: { type: 'string' }, refresh: { type: 'string' } },
};

export const OBJECT: SchemaObject = { type: 'object', additionalProperties: true };

export const LIST: SchemaObject = { type: 'array', items: OBJECT };

/** A paged list: the page as an array, `X-Total-Count` and `Link` in the headers (common/http/pagination.interceptor.ts). */
export const PAGE: SchemaObject = {
  ...LIST,
  description: 'One page; the total in X-Total-Count, the others in Link',
};

export const USER_BRIEF: SchemaObject = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: 'string', nullable: true },
    profile_picture: { type: 'string', nullable: true },
  },
};

export const USER_BRIEFS: SchemaObject = { type: 'array', items: USER_BRIEF };

/** `/api/health` and `/api/health/ready` (common/health/health.controller.ts): all but their summaries. */
export const READINESS = {
  access: 'anyone',
  caller: 'public',
  ok: {
    status: 200,
    description: 'Every part answers',
    schema: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['ok', 'error'] },
        db: { type: 'string', enum: ['up', 'down'] },
        queue: { type: 'string', enum: ['up', 'down'] },
      },
    },
  },
  refusals: { 503: 'A part is down (named, with a message), or the process is shutting down' },
} satisfies Omit<RouteDoc, 'summary'>;

type Who = Pick<RouteDoc, 'access' | 'caller' | 'role'>;

/** Who may call a route: its access rule in words, the caller it takes and the role its guard asks for. */
function who(access: string, caller: Caller, role?: RouteDoc['role']): Who {
  return role ? { access, caller, role } : { access, caller };
}

/* The combinations several routes share. */
export const ANYONE = who('anyone', 'public');
export const SIGNED_IN = who('a signed-in user', 'signed-in');
export const TRAINER = who('a trainer', 'signed-in', 'trainer');
export const PROGRAMME_TRAINER = who("the programme's trainer", 'signed-in', 'trainer');
export const SUPERUSER = who('a superuser', 'signed-in', 'superuser');
export const SUPERUSER_BEARER = who('a superuser, with a Bearer token', 'bearer', 'superuser');

/** A 200 whose body is `{ message }`, described by what the message says. */
export function message(description: string): RouteDoc['ok'] {
  return { status: 200, description, schema: MESSAGE };
}

/** A list paged by `page` and `page_size` alone (`PaginationQueryDto`): its query, its answer and its refusal. */
export function pagedList(
  description: string,
  schema: SchemaObject = PAGE,
): Pick<RouteDoc, 'query' | 'ok' | 'refusals'> {
  return {
    query: PaginationQueryDto,
    ok: { status: 200, description, schema },
    refusals: { 400: 'A malformed page or page_size' },
  };
}
