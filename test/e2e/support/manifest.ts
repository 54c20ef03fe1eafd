import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface ManifestRoute {
  path?: string;
  parentId?: string;
  module: { loader?: unknown };
}

/** A route of the built Remix app (web/build/server/index.js): its full path, and whether it has data to read. */
export interface PageRoute {
  path: string;
  hasLoader: boolean;
}

/** Every route of the built app's manifest, so that a test walks a new page without listing it. */
export async function manifestRoutes(): Promise<PageRoute[]> {
  const build = (await import(pathToFileURL(join(process.cwd(), 'web/build/server/index.js')).href)) as {
    routes: Record<string, ManifestRoute>;
  };
  const full = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return '';
    const parent = full(route.parentId);
    return route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
  };
  return Object.entries(build.routes).map(([id, route]) => ({
    path: full(id) || '/',
    hasLoader: route.module.loader !== undefined,
  }));
}

/** The distinct full paths of the built app's pages, sorted. */
export async function manifestPaths(): Promise<string[]> {
  return [...new Set((await manifestRoutes()).map((route) => route.path))].sort();
}
