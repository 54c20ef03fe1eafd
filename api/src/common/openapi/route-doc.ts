import { applyDecorators, type Type } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiExtraModels,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiSecurity,
  getSchemaPath,
} from '@nestjs/swagger';
import type { SchemaObject } from './answers.js';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import { UPLOAD_MAX_BYTES } from '@fitcoach/contracts';

/** The security schemes of the document (common/openapi/openapi.ts): the Bearer token and the site's cookie. */
export const BEARER = 'bearer';
export const COOKIE = 'accessToken';

/** The schema every refusal answers with (libs/contracts/src/errors.ts, `ApiError`). */
export const API_ERROR = 'ApiError';

/**
 * How a route takes its caller: `public` never reads a token; `optional` serves the anonymous and reads a token
 * that is there (an invalid one is a 401); `signed-in` needs one, Bearer or the site's cookie; `bearer` is a GET
 * that changes state, which the cookie may not call (docs/decisions/011-cookie-sessions-are-same-origin-only.md).
 */
export type Caller = 'public' | 'optional' | 'signed-in' | 'bearer';

export type RefusalStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503 | 504;

export interface RouteDoc {
  summary: string;
  /** Who may call it, in words: the description starts with it. */
  access: string;
  caller: Caller;
  /** The role the route's guard asks for (common/auth/auth.decorators.ts, `Roles`): anyone else is a 403. */
  role?: 'trainer' | 'superuser';
  /** What else the description says, after the access rule. */
  notes?: string;
  /** The success answer. */
  ok: {
    status: number;
    description: string;
    schema?: SchemaObject;
    example?: unknown;
    /** Not JSON: a printable page, an image or a spreadsheet file. */
    produces?: 'text/html' | 'image/webp' | 'text/csv';
  };
  /** Other success answers, by status. */
  alsoOk?: Partial<Record<number, string>>;
  /** The refusals the route answers beyond its caller's (added by `caller`), each with when it comes. */
  refusals?: Partial<Record<RefusalStatus, string>>;
  /** A JSON body: its DTO class, described from its class-validator rules. */
  body?: Type<unknown>;
  /** A JSON body that is no DTO class (read by the service itself). */
  bodySchema?: SchemaObject;
  /** A multipart form: its DTO class and the name of its image part. */
  form?: { dto: Type<unknown>; file: string };
  /** The query string, from a DTO class's rules. */
  query?: Type<unknown>;
  /** Query parameters a route reads without a DTO class. */
  queryParams?: { name: string; description: string; schema: SchemaObject }[];
}

const IMAGE_PART = `An image, ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB at most`;

const CALLER_REFUSALS: Record<Caller, Partial<Record<RefusalStatus, string>>> = {
  public: {},
  optional: { 401: 'A token that is there but invalid or expired', 403: 'A token of a blocked account' },
  'signed-in': {
    401: 'No token, or an invalid or expired one',
    403: 'A blocked account, or the session cookie on a request from another site',
  },
  bearer: {
    401: 'No token, or an invalid or expired one',
    403: 'A blocked account, or the session cookie (this GET changes state: Bearer only)',
  },
};

const BODY_REFUSALS: Partial<Record<RefusalStatus, string>> = {
  400: 'Malformed JSON, a field breaking its rules (`errors` names each) or one the route does not take',
  413: 'A body over its limit',
};

const SECURITY: Record<Caller, Record<string, string[]>[]> = {
  public: [],
  optional: [{}, { [BEARER]: [] }, { [COOKIE]: [] }],
  'signed-in': [{ [BEARER]: [] }, { [COOKIE]: [] }],
  bearer: [{ [BEARER]: [] }],
};

function queryParameters(dto: Type<unknown>): MethodDecorator[] {
  const schema = targetConstructorToSchema(dto) as SchemaObject;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    ApiQuery({ name, required: required.has(name), schema: property as SchemaObject }),
  );
}

function requestBody(doc: RouteDoc): MethodDecorator[] {
  if (doc.form) {
    return [
      ApiConsumes('multipart/form-data'),
      ApiExtraModels(doc.form.dto),
      ApiBody({
        schema: {
          allOf: [
            { $ref: getSchemaPath(doc.form.dto) },
            {
              type: 'object',
              properties: { [doc.form.file]: { type: 'string', format: 'binary', description: IMAGE_PART } },
            },
          ],
        },
      }),
    ];
  }
  if (doc.body) return [ApiExtraModels(doc.body), ApiBody({ type: doc.body })];
  if (doc.bodySchema) return [ApiBody({ schema: doc.bodySchema })];
  return [];
}

/**
 * One route's OpenAPI description: summary, who may call it, its parameters, its success answer and every refusal
 * it answers (the caller's, the body's and the route's own), all with the error shape.
 */
export function RouteDoc(doc: RouteDoc): MethodDecorator {
  const takesBody = Boolean(doc.body ?? doc.bodySchema ?? doc.form);
  const refusals = {
    ...CALLER_REFUSALS[doc.caller],
    ...(doc.role ? { 403: `${CALLER_REFUSALS[doc.caller][403]}; or the caller is not a ${doc.role}` } : {}),
    ...(takesBody ? BODY_REFUSALS : {}),
    ...doc.refusals,
  };
  const description = doc.notes ? `Who: ${doc.access}.\n\n${doc.notes}` : `Who: ${doc.access}.`;
  const { produces } = doc.ok;
  const ok = produces
    ? ApiResponse({ status: doc.ok.status, description: doc.ok.description, content: { [produces]: {} } })
    : ApiResponse({
        status: doc.ok.status,
        description: doc.ok.description,
        ...(doc.ok.schema ? { schema: doc.ok.schema } : {}),
        ...(doc.ok.example === undefined ? {} : { example: doc.ok.example }),
      });
  return applyDecorators(
    ApiOperation({ summary: doc.summary, description }),
    ...SECURITY[doc.caller].map((requirement) => ApiSecurity(requirement)),
    ...(produces ? [ApiProduces(produces)] : []),
    ...requestBody(doc),
    ...(doc.query ? queryParameters(doc.query) : []),
    ...(doc.queryParams ?? []).map((param) => ApiQuery({ ...param, required: false })),
    ok,
    ...Object.entries(doc.alsoOk ?? {}).map(([status, description]) =>
      ApiResponse({
        status: Number(status),
        description,
        ...(doc.ok.schema ? { schema: doc.ok.schema } : {}),
      }),
    ),
    ...Object.entries(refusals).map(([status, when]) =>
      ApiResponse({
        status: Number(status),
        description: when,
        schema: { $ref: `#/components/schemas/${API_ERROR}` },
      }),
    ),
  );
}
