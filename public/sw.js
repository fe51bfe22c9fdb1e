/*
 * The service worker (issue 24): the app's shell opens offline and the app can be installed. Kept small
 * and hand-written; src/app/service-worker.ts registers it after the page has loaded, as
 * /sw.js?build=<the entry script's name>, so every build is a new worker with caches of its own.
 *
 * What it caches, in a cache named by the build:
 * - the shell: /index.html as the server sends it without any page's data, and the few static files
 *   it names (icons, manifest, warm-intl.js), fetched again whenever the network answers;
 * - the build's hashed files under /assets/, as the pages load them (and those the page had loaded
 *   before the worker was there, which the page lists for it). A hashed name never changes content.
 * Never /api/ or anything else: API answers hold personal data, and /images and /files stay online.
 *
 * Page loads (navigations) go to the network first, so a page is always the server's current one;
 * only when the network fails does the cached shell answer, and the app draws the page offline.
 */
const BUILD = new URL(self.location.href).searchParams.get('build') || 'dev';
const CACHE = `nar-shell-${BUILD}`;
const SHELL = '/index.html';
const SHELL_FILES = [SHELL, '/favicon.svg', '/favicon.ico', '/manifest.webmanifest', '/warm-intl.js', '/icons/icon-192.png'];

const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');

/** Stores a response for a hashed file if it is a whole, successful one. */
const keep = async (request, response) => {
  if (response.status !== 200 || response.type !== 'basic') return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
};

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const shell = await fetch(SHELL, { cache: 'no-store' });
      if (!shell.ok) throw new Error(`the shell answered ${shell.status}`);
      const html = await shell.clone().text();
      await cache.put(SHELL, shell);
      // The scripts and stylesheets the shell starts with (Vite's entry and its preloads).
      const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((found) => found[1]);
      await Promise.all([...SHELL_FILES.slice(1), ...named].map((path) => cache.add(path).catch(() => undefined)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  // Older builds' caches go: their files are not this build's.
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith('nar-shell-') && name !== CACHE).map((name) => caches.delete(name)))),
  );
});

/** The page lists the hashed files it loaded before this worker controlled it. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-assets' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const paths = data.urls.map((href) => new URL(String(href), self.location.origin)).filter(isAsset).map((url) => url.pathname);
      await Promise.all(paths.map(async (path) => (await cache.match(path)) || cache.add(path).catch(() => undefined)));
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    // The network first; the cached shell only when there is no network (never another build's).
    event.respondWith(
      fetch(request).catch(async (error) => {
        const shell = await caches.match(SHELL, { cacheName: CACHE });
        if (shell) return shell;
        throw error;
      }),
    );
    return;
  }

  if (isAsset(url) || SHELL_FILES.includes(url.pathname)) {
    event.respondWith(
      (async () => {
        const cached = await caches.match(request, { cacheName: CACHE });
        if (cached && isAsset(url)) return cached;
        try {
          const response = await fetch(request);
          if (isAsset(url)) event.waitUntil(keep(request, response.clone()));
          return response;
        } catch (error) {
          if (cached) return cached;
          throw error;
        }
      })(),
    );
  }
  // Anything else (/api/, /images/, /files/, …) is not handled: the browser fetches it as usual.
});
