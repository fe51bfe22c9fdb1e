/**
 * Issue 24: registers the service worker (public/sw.js) once the page has loaded, so it never competes
 * with the first paint. Its URL names the build (the entry script's file), so each build installs a
 * worker with caches of its own and never serves another build's shell. Production builds only.
 */

/** The entry script the page runs, e.g. index-abc123.js; undefined in development. */
const entryFile = () => {
  const src = document.querySelector<HTMLScriptElement>('script[type="module"][src^="/assets/"]')?.getAttribute('src');
  return src?.slice('/assets/'.length);
};

async function register(build: string) {
  const registration = await navigator.serviceWorker.register(`/sw.js?build=${encodeURIComponent(build)}`);
  await navigator.serviceWorker.ready;
  const worker = registration.active ?? navigator.serviceWorker.controller;
  if (!worker) return;
  // The hashed files this page loaded before the worker controlled it (those already loaded, handed
  // over from the buffer, and those that load later, such as a lazy page's chunk still on its way at
  // the load event), for the shell to open offline later.
  new PerformanceObserver((list) => {
    const urls = list
      .getEntries()
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.startsWith('/assets/'));
    if (urls.length > 0) worker.postMessage({ type: 'cache-assets', urls });
  }).observe({ type: 'resource', buffered: true });
}

export function registerServiceWorker() {
  const build = entryFile();
  if (!build || !('serviceWorker' in navigator)) return;
  const start = () => setTimeout(() => register(build).catch(() => undefined), 0);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
