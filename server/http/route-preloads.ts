/**
 * What a page's route needs beyond the entry, asked for with the page: the build lists, per route, the
 * scripts of its lazy layout and view with all they import and the Mongolian texts they use, and its
 * stylesheets (scripts/vite-route-preloads.ts writes `.vite/route-preloads.json`). Written into the
 * page's `<head>` as `<link rel="modulepreload">` and `<link rel="preload" as="style">`, they are
 * fetched beside the entry, not after it has run (then after the page's chunk has run, for its texts):
 * on a phone network that is one round trip where there were three.
 *
 * English texts are not listed: the language is the browser's stored choice, which the server does
 * not see, and Mongolian is the default. A build without the file (an older one) gets no links.
 */
import { buildFileOf, routeOfPath } from './build-file';

/** The build's file, beside Vite's manifest (scripts/vite-route-preloads.ts writes it). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** Per route (by name, in the route table's order): its files, as the build names them (assets/…, no leading slash). */
export interface RoutePreloads {
  routes: Record<string, { scripts: string[]; styles: string[] }>;
}

const BUILD_FILE = /^assets\/[\w.-]+\.(?:js|css)$/;

const isPreloads = (value: unknown): value is RoutePreloads => {
  const routes = value && typeof value === 'object' ? (value as { routes?: unknown }).routes : undefined;
  if (!routes || typeof routes !== 'object') return false;
  return Object.values(routes).every(
    (route: { scripts?: unknown; styles?: unknown }) =>
      Array.isArray(route?.scripts) &&
      Array.isArray(route.styles) &&
      [...route.scripts, ...route.styles].every((file) => typeof file === 'string' && BUILD_FILE.test(file)),
  );
};

/** The links for `pathname`'s route (the first route whose pattern matches, as in the client's table); '' for none. */
export const routePreloadLinks = (preloads: RoutePreloads, pathname: string): string => {
  const name = routeOfPath(Object.keys(preloads.routes), pathname);
  const files = name ? preloads.routes[name] : undefined;
  if (!files) return '';
  return [
    // crossorigin as on the links Vite's preload helper adds when the chunk runs: a preload is used only by a request of the same credentials mode.
    ...files.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n');
};

/** Reads the build's list, again when the build changed (./build-file.ts). */
export const routePreloadsOf = (distDir: string) => buildFileOf(distDir, ROUTE_PRELOADS_FILE, isPreloads);
