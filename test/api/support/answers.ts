import type { OpenAPIObject } from '@nestjs/swagger';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Response } from 'supertest';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface DocumentedRoute {
  method: string;
  /** The document's path template, e.g. `/api/users/getUserById/{id}`. */
  template: string;
  /** The statuses it documents. */
  statuses: string[];
}

/** The document's route for a request path (`/api/users/getUserById/5/?x=1`): literal segments before parameters. */
export function documentedRoute(
  document: OpenAPIObject,
  method: string,
  path: string,
): DocumentedRoute | undefined {
  const wanted = method.toLowerCase();
  const bare = path.split('?')[0].replace(/(?<=.)\/$/, '');
  const candidates = Object.entries(document.paths).flatMap(([template, item]) => {
    const operation = METHODS.includes(wanted as (typeof METHODS)[number])
      ? item[wanted as (typeof METHODS)[number]]
      : undefined;
    if (!operation) return [];
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (!pattern.test(bare)) return [];
    return [
      {
        method: wanted,
        template,
        statuses: Object.keys(operation.responses),
        parameters: template.split('{').length,
      },
    ];
  });
  const [best] = candidates.sort((a, b) => a.parameters - b.parameters);
  return best && { method: best.method, template: best.template, statuses: best.statuses };
}

interface Answer {
  method: string;
  path: string;
  status: number;
  /** The parsed body of a JSON answer; undefined for any other. */
  body: unknown;
}

/** A JSON Pointer segment (RFC 6901). */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The answers a test saw, to hold against the OpenAPI document: each status must be documented for its route, and
 * each JSON body must match the schema documented for that status.
 */
export class AnswerRecorder {
  private readonly answers = new Map<string, Answer>();

  record(res: Response): void {
    // supertest's typings leave out the Node request it answered.
    const { method, path } = (res as unknown as { req: { method: string; path: string } }).req;
    const json = /^application\/json/.test(String(res.headers['content-type'] ?? ''));
    this.answers.set(`${method} ${path} ${res.status}`, {
      method,
      path,
      status: res.status,
      body: json ? (res.body as unknown) : undefined,
    });
  }

  get size(): number {
    return this.answers.size;
  }

  /** Each answer whose route the document lacks, whose status it does not list, or whose body breaks its schema. */
  undocumented(document: OpenAPIObject): string[] {
    // The document's schemas use OpenAPI 3.1's dialect, JSON Schema 2020-12; its own keywords (example) are ignored.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(document as object, 'openapi');
    const missing = [...this.answers.values()].flatMap(({ method, path, status, body }) => {
      const route = documentedRoute(document, method, path);
      // A path no route has is the API's JSON 404 (README.md, API), which needs no route to document it.
      if (!route) return status === 404 ? [] : [`${method} ${path}: no such route in the document`];
      if (!route.statuses.includes(String(status))) return [`${method} ${route.template}: ${status}`];
      const content = document.paths[route.template][route.method as 'get']?.responses[String(status)];
      const schema =
        content && 'content' in content ? content.content?.['application/json']?.schema : undefined;
      if (body === undefined || schema === undefined) return [];
      const validate = ajv.compile({
        $ref: `openapi#/paths/${pointer(route.template)}/${route.method}/responses/${status}/content/application~1json/schema`,
      });
      if (validate(body)) return [];
      const [error] = validate.errors ?? [];
      return [
        `${method} ${route.template}: ${status} body ${error?.instancePath || '/'} ${error?.message ?? ''}`,
      ];
    });
    return [...new Set(missing)];
  }
}
