import type { OpenAPIObject } from '@nestjs/swagger';
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

/**
 * The answers a test saw, each as its method, path and status, to hold against the OpenAPI document: what the API
 * answers must be documented for its route.
 */
export class AnswerRecorder {
  private readonly answers = new Map<string, { method: string; path: string; status: number }>();

  record(res: Response): void {
    // supertest's typings leave out the Node request it answered.
    const { method, path } = (res as unknown as { req: { method: string; path: string } }).req;
    this.answers.set(`${method} ${path} ${res.status}`, { method, path, status: res.status });
  }

  get size(): number {
    return this.answers.size;
  }

  /** Each answer whose route the document lacks, or whose status it does not list for the route. */
  undocumented(document: OpenAPIObject): string[] {
    const missing = [...this.answers.values()].flatMap(({ method, path, status }) => {
      const route = documentedRoute(document, method, path);
      // A path no route has is the API's JSON 404 (README.md, API), which needs no route to document it.
      if (!route) return status === 404 ? [] : [`${method} ${path}: no such route in the document`];
      return route.statuses.includes(String(status)) ? [] : [`${method} ${route.template}: ${status}`];
    });
    return [...new Set(missing)];
  }
}
