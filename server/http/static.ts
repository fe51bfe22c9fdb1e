/**
 * Files the server serves besides the API: illustrations (/images), downloadable documents (/files),
 * the built SPA from `distDir` and, for every other path, the SPA's index.html: with a 200 status on
 * the app's routes, a 404 on any other path (the SPA then shows its 404 page).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic, type ServeStaticOptions } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { routePaths } from '../../contract/paths';
import { languageOf } from './language';
import { NO_PAGE_MARKUP, pageDataMarkup, type ReadAnswer } from './page-data';
import { cookieLanguage, pageHeadMarkup, pageHeadsOf } from './page-heads';
import { routePreloadLinks, routePreloadsOf } from './route-preloads';
import { DESCRIPTION_TAG, pageMetaMarkup, robotsTxt, sitemapXml } from './site-meta';
import { newNonce, NONCE_PLACEHOLDER } from './security';

export const ASSETS_DIR = fileURLToPath(new URL('../assets/', import.meta.url));
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Vite's hashed bundles never change under the same name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const ONE_DAY = 'public, max-age=86400';
const ONE_HOUR = 'public, max-age=3600';
/** index.html must be revalidated so a new build's bundle names are picked up at once. */
const REVALIDATE = 'no-cache';

/** Where index.html's shell takes a page's own first box (./page-data.ts) or its head (./page-heads.ts). */
const SHELL_SLOT = '<!--page-shell-->';

export const MISSING_BUILD_MESSAGE =
  'The web app has not been built yet. Run npm run build first (or npm run dev while developing).';

/**
 * Whether the SPA has a page at `pathname`: a pattern of the path table the client's route table is
 * made from (contract/paths.ts). Any other path gets index.html with a 404 status (issue 24): the SPA
 * draws its 404 page, and crawlers and monitors see the status.
 */
export const isAppPath = (pathname: string) => pathname === '/index.html' || Object.values(routePaths).some((path) => path.match(pathname) !== null);

/** A last path segment with an extension names a file; a missing one is a 404, not the SPA. */
const looksLikeFile = (path: string) => /\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/') + 1));

export interface StaticOptions {
  distDir: string;
  /** In development images are revalidated on every load, so edited SVGs show at once. */
  isDev: boolean;
  /** An API answer for the page's first reads (./page-data.ts); without it pages carry no data. */
  read?: ReadAnswer;
}

/**
 * serveStatic with a Cache-Control header on the files it finds (its `onFound` runs after the response
 * is built and returned, not set on the context, so the header goes on the returned response).
 */
const filesFrom = (options: ServeStaticOptions, cacheFor: (file: string, c: Context) => string): MiddlewareHandler => {
  const found = new WeakMap<Request, string>();
  const serve = serveStatic({ ...options, onFound: (file, c) => void found.set(c.req.raw, file) });
  return async (c, next) => {
    const response = await serve(c, next);
    const file = found.get(c.req.raw);
    if (file !== undefined && response) {
      found.delete(c.req.raw);
      response.headers.set('Cache-Control', cacheFor(file, c));
    }
    return response;
  };
};

const mount = (prefix: string, dir: string, cacheControl: string) =>
  filesFrom({ root: dir, rewriteRequestPath: (path) => path.slice(prefix.length) }, () => cacheControl);

export const staticRoutes = ({ distDir, isDev, read }: StaticOptions) => {
  const app = new Hono<{ Variables: { cspNonce?: string } }>();
  const indexFile = join(distDir, 'index.html');

  app.use('/images/*', mount('/images', join(ASSETS_DIR, 'images'), isDev ? REVALIDATE : ONE_DAY));
  app.use('/files/*', mount('/files', join(ASSETS_DIR, 'files'), isDev ? REVALIDATE : ONE_HOUR));

  // What crawlers read (./site-meta.ts): made here, from the route table and the catalogue.
  app.get('/robots.txt', (c) => c.text(robotsTxt(new URL(c.req.url).origin), 200, { 'Cache-Control': ONE_HOUR }));
  app.get('/sitemap.xml', async (c) =>
    c.body(await sitemapXml(new URL(c.req.url).origin, read), 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': ONE_HOUR }),
  );

  // Created on first use once the build exists, so a server started before `npm run build` picks it up.
  let distFiles: MiddlewareHandler | undefined;
  app.use('*', (c, next) => {
    // The page itself always goes through `spa`, which gives it its nonce.
    if (c.req.path === '/' || c.req.path === '/index.html') return next();
    if (!distFiles) {
      if (!existsSync(distDir)) return next();
      // The service worker is checked for a new build on every load, like the page.
      distFiles = filesFrom({ root: distDir }, (file, ctx) =>
        file.endsWith('index.html') || ctx.req.path === '/sw.js' ? REVALIDATE : ctx.req.path.startsWith('/assets/') ? IMMUTABLE : ONE_HOUR,
      );
    }
    return distFiles(c, next);
  });

  // The build may not ship a favicon of its own; the server's is the fallback.
  app.use('/favicon.svg', filesFrom({ path: join(ASSETS_DIR, 'images', 'favicon.svg') }, () => ONE_DAY));

  /**
   * The build's stylesheets written into the page (the app's is a few KB): the page's first paint, the
   * shell index.html draws, then needs no second request, and comes before the scripts have arrived.
   */
  // Read once per file: the build names a stylesheet by its content's hash, so a name never changes content.
  const stylesheets = new Map<string, Promise<string | undefined>>();
  const stylesheet = (file: string) => {
    let css = stylesheets.get(file);
    if (!css) {
      css = readFile(join(distDir, file), 'utf8').catch(() => undefined);
      stylesheets.set(file, css);
    }
    return css;
  };
  const inlineStylesheets = async (html: string, nonce: string) => {
    const links = [...html.matchAll(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g)];
    let page = html;
    for (const [link, file] of links) {
      const css = await stylesheet(file ?? '');
      // A function as the replacement: CSS text may hold `$&` or `$'`, which a replacement string would expand.
      if (css !== undefined && !css.includes('</style')) page = page.replace(link, () => `<style nonce="${nonce}">${css}</style>`);
    }
    return page;
  };

  const routePreloads = routePreloadsOf(distDir);
  const pageHeads = pageHeadsOf(distDir);

  const spa = async (c: Context) => {
    if (looksLikeFile(c.req.path) && c.req.path !== '/index.html') return c.notFound();
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      return c.text(MISSING_BUILD_MESSAGE, 503, { 'Cache-Control': 'no-store' });
    }
    const nonce = newNonce();
    c.set('cspNonce', nonce);
    const added = read ? await pageDataMarkup(c.req.path, read) : NO_PAGE_MARKUP;
    const preloads = await routePreloads(html);
    const preloadLinks = preloads ? routePreloadLinks(preloads, c.req.path) : '';
    const meta = await pageMetaMarkup(c.req.path, new URL(c.req.url).origin, languageOf(c.req.header('Accept-Language')), read);
    // The page's head, in the language the browser chose, where the page has no box of its own to show first.
    const language = cookieLanguage(c.req.header('Cookie'));
    const heads = added.shell || new URL(c.req.url).search ? undefined : await pageHeads(html);
    const shell = added.shell || (heads ? pageHeadMarkup(heads, c.req.path, language) : '');
    const page = (await inlineStylesheets(html, nonce))
      .replace('<html lang="mn">', () => `<html lang="${language}">`)
      .replace(DESCRIPTION_TAG, (tag) => meta ?? tag)
      .replaceAll(NONCE_PLACEHOLDER, nonce)
      .replace('</head>', () => `${preloadLinks ? `${preloadLinks}\n` : ''}${added.head}</head>`)
      .replace(SHELL_SLOT, () => shell);
    // The page differs by language (its description, and its head's by the cookie) as well as by path.
    return c.html(page, isAppPath(c.req.path) ? 200 : 404, { 'Cache-Control': REVALIDATE, Vary: 'Accept-Language, Cookie' });
  };
  app.get('*', spa);

  return app;
};
