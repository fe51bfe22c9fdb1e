/**
 * Which source modules each route of the route table renders besides the entry: its lazy layout (when
 * it has one, src/app/route-view.tsx) and its lazy view (src/app/routes.ts), read from those two files.
 * Used by the build (scripts/vite-route-preloads.ts: what the server tells the browser to fetch with a
 * page) and by `npm run bench` (what each route adds to the entry's JavaScript).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routePaths, type RouteName } from '../contract/paths.ts';

const ROUTES_FILE = fileURLToPath(new URL('../src/app/routes.ts', import.meta.url));
const ROUTE_VIEW_FILE = fileURLToPath(new URL('../src/app/route-view.tsx', import.meta.url));

export interface RouteModules {
  name: RouteName;
  /** The route's pattern in the path table (contract/paths.ts). */
  path: string;
  /** Its lazy layout and view, as paths from the project's root without extension (src/features/auth/login.page). */
  modules: string[];
}

/** `const X = lazy(() => import('…'))` and `x: lazy(() => import('…'))` (or `lazyPage`) of a file in src/app, as name → module. */
function lazyImports(file: string): Map<string, string> {
  const source = readFileSync(file, 'utf8');
  const found = new Map<string, string>();
  for (const [, name, path] of source.matchAll(/(?:const )?(\w+)(?: =|:) (?:lazy|lazyPage)\(\(\) => import\('([^']+)'\)\)/g)) {
    if (name && path) found.set(name, new URL(path, 'file:///src/app/').pathname.slice(1));
  }
  for (const [, alias, target] of source.matchAll(/const (\w+) = (\w+);/g)) {
    const module = target ? found.get(target) : undefined;
    if (alias && module) found.set(alias, module);
  }
  return found;
}

/** The route table's routes with the lazy layout and view each renders, read from the source. */
export function readRouteModules(): RouteModules[] {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  const views = lazyImports(ROUTES_FILE);
  const layouts = lazyImports(ROUTE_VIEW_FILE);
  const defaultView = /view: AppRoute\['view'\] = (\w+)/.exec(source)?.[1] ?? '';
  const routes: RouteModules[] = [];
  // route(name, access, layout, title, view?): the path is the path table's (contract/paths.ts).
  for (const [, name, layout, view] of source.matchAll(/route\('([^']+)', '\w+', '(\w+)', '[^']*'(?:, (\w+))?\)/g)) {
    if (!name || !(name in routePaths) || !layout) continue;
    const modules = [layouts.get(layout), views.get(view ?? defaultView)].filter((module): module is string => Boolean(module));
    routes.push({ name: name as RouteName, path: routePaths[name as RouteName].pattern, modules });
  }
  if (routes.length === 0) throw new Error('route-modules: no route(…) found in src/app/routes.ts; has its shape changed?');
  return routes;
}
