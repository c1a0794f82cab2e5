import type { Route } from './routes';

/**
 * Finds the routes whose path template matches a request path. Routes are grouped once by their
 * first segment (`/creators/{id}` under `creators`; templates starting with a parameter join every
 * group), so a request tests the few patterns of its resource instead of every route's. Each group
 * keeps the routes' order, so the result is what a scan of all routes would give.
 */
export function createRouteMatcher(routes: readonly Route[]): (path: string) => Route[] {
  // Path templates match case-insensitively (trpc-to-openapi's patterns), so do the groups.
  const firstSegment = (path: string) => (path.split('/', 2)[1] ?? '').toLowerCase();
  const isParam = (segment: string) => segment.startsWith('{');
  const anyFirst = routes.filter((route) => isParam(firstSegment(route.template)));
  const groups = new Map<string, Route[]>();
  for (const route of routes) {
    const first = firstSegment(route.template);
    if (isParam(first) || groups.has(first)) continue;
    groups.set(first, routes.filter((r) => firstSegment(r.template) === first || isParam(firstSegment(r.template))));
  }
  return (path) => (groups.get(firstSegment(path)) ?? anyFirst).filter((route) => route.pattern.test(path));
}
