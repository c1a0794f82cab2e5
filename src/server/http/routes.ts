import type { AnyRouter } from '@trpc/server';
import { getPathParameters, getPathRegExp, normalizePath } from 'trpc-to-openapi';
import type { ApiMeta } from '../trpc/meta';
import { forEachApiOperation } from '../trpc/operations';
import { createRouteMatcher } from './route-matcher';

export const API_PREFIX = '/public/v1';
export const OPENAPI_PATHS: ReadonlySet<string> = new Set(['/openapi.json', `${API_PREFIX}/openapi.json`]);

/** One REST operation: its method and path template, from the procedure's meta. */
export interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  pathParams: string[];
  meta: ApiMeta;
  /** The procedure's dotted path in the router (`creators.list`). */
  procedurePath: string;
}

export function collectRoutes(router: AnyRouter): Route[] {
  const routes: Route[] = [];
  forEachApiOperation(router, ({ meta, path }) => {
    const template = normalizePath(meta.openapi.path);
    routes.push({
      method: meta.openapi.method,
      template,
      pattern: getPathRegExp(template),
      pathParams: getPathParameters(template),
      meta,
      procedurePath: path,
    });
  });
  return routes;
}

/** Where a request lands: an operation, a path with other methods only (405), or nowhere (404). */
export type RouteMatch =
  | { kind: 'route'; route: Route; path: string; pathParams: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

export interface RouteTable {
  match(method: string, pathname: string): RouteMatch;
  /** The methods routed at an API path, or null when no route matches (the node layer's 405s). */
  allowedMethods: (pathname: string) => string[] | null;
}

export function createRouteTable(routes: readonly Route[]): RouteTable {
  const matchRoutes = createRouteMatcher(routes);

  /**
   * The routes at a path. A path a literal template matches (`/media-kits/new`) belongs to the most
   * literal templates only, never also to a parameterized one (`/media-kits/{media_kit_id}`), so
   * GET /media-kits/new is a 405 (Allow: POST), not a lookup of a kit whose id is "new".
   */
  const routesAt = (pathname: string): { path: string; routes: Route[] } => {
    if (!pathname.startsWith(`${API_PREFIX}/`)) return { path: '', routes: [] };
    const path = normalizePath(pathname.slice(API_PREFIX.length));
    const matching = matchRoutes(path);
    if (matching.length <= 1) return { path, routes: matching };
    const fewestParams = Math.min(...matching.map((r) => r.pathParams.length));
    return { path, routes: matching.filter((r) => r.pathParams.length === fewestParams) };
  };
  const methodsOf = (matching: Route[]) => [...new Set(matching.map((r) => r.method))];

  return {
    match(method, pathname) {
      const { path, routes: matching } = routesAt(pathname);
      if (matching.length === 0) return { kind: 'not-found' };
      const route = matching.find((r) => r.method === method);
      if (!route) return { kind: 'method-not-allowed', allow: methodsOf(matching) };
      return { kind: 'route', route, path, pathParams: route.pattern.exec(path)?.groups ?? {} };
    },
    allowedMethods: (pathname) => {
      if (OPENAPI_PATHS.has(pathname)) return ['GET'];
      const matching = routesAt(pathname).routes;
      return matching.length > 0 ? methodsOf(matching) : null;
    },
  };
}
