import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fillPattern } from '../../contract/paths';
import { MISSING_BUILD_MESSAGE, staticRoutes } from '../../server/http/static';
import { routes } from '../../src/app/routes';
import { createTestServer, type TestServer } from '../../server/testing';

// An embedded PostgreSQL per file and scrypt on purpose: generous limits for a busy CI machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const INDEX = '<!doctype html><html lang="mn"><head><meta name="csp-nonce" content="__CSP_NONCE__" /><title>Нар Лайф</title></head><body><div id="root"><div class="app-shell"><!--page-shell--></div></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
const BUNDLE = 'console.log("app");';

let server: TestServer;
let dist: string;
let app: ReturnType<TestServer['app']>;

beforeAll(async () => {
  server = await createTestServer();
  dist = await mkdtemp(join(tmpdir(), 'server-static-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-abc123.js'), BUNDLE);
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *\n');
  await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Нар Лайф"}');
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  app = server.app({ distDir: dist });
});
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

/** Every route of SPEC section 2, with sample parameters. */
const SPA_ROUTES = [
  '/',
  '/insurance/',
  '/insurance/detail/100/',
  '/insurance/buy/1/100/',
  '/insurance/buy/1/100/product/',
  '/insurance/buy/1/100/contract/',
  '/insurance/buy/payment/',
  '/insurance/buy/payment/status/khan/success/',
  '/insurance/buy/payment/status/qpay/',
  '/ot/',
  '/ot/register',
  '/ot/register/beneficiaries',
  '/fee',
  '/fee/status',
  '/login',
  '/login/register/confirm',
  '/login/forgot-password',
  '/logout',
  '/user/contract',
  '/user/contract/5',
  '/user/contract/5/payment/77',
  '/user/claim/detail/12',
  '/user/claim/create/3',
  '/user/settings',
  '/credit-med',
  '/credit-med/pre-claim/repay/4/buy',
];

describe('the built SPA', () => {
  it('answers index.html, never cached stale, for every page route of the app', async () => {
    for (const route of SPA_ROUTES) {
      const response = await app.request(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('Content-Type'), route).toMatch(/^text\/html/);
      expect(response.headers.get('Cache-Control'), route).toBe('no-cache');
      // Public pages carry their first reads before </head>, and the home page its hero in the shell's
      // slot (tested below); the rest is index.html, the slot emptied.
      const page = (await response.text())
        .replace(/<link rel="preload" as="image"[^>]*>\n/, '')
        .replace(/<script type="application\/json" id="page-data">.*?<\/script>\n/s, '')
        .replace(/<div class="home-hero" aria-hidden="true">.*?<\/div><\/div>/, '');
      expect(page, route).toBe(INDEX.replace('<!--page-shell-->', '').replace('__CSP_NONCE__', /nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1] ?? 'missing'));
    }
  });

  it('answers every route of the client\'s route table with 200', async () => {
    for (const route of routes) {
      const path = fillPattern(route.path, { id: 5, productId: 100, invoiceId: 77, claimId: 12, insuranceId: 3, code: 'AAAA-BBBB-CCCC' });
      expect(path, route.path).not.toBeNull();
      const response = await app.request(path ?? '');
      expect(response.status, route.path).toBe(200);
      // With or without the trailing slash, in any case, as the client matches.
      expect((await app.request((path ?? '').replace(/\/$/, '').toUpperCase() || '/')).status, route.path).toBe(200);
    }
  });

  it('answers a path no route matches with 404 and the same page, so the SPA shows its 404 page', async () => {
    for (const path of ['/no/such/page', '/user/no-such-page', '/insurance/detail/', '/insurance/detail/5/extra', '/credit-med/nope', '/loginx']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Content-Type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('Cache-Control'), path).toBe('no-cache');
      const nonce = /nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1] ?? 'missing';
      expect(await response.text(), path).toBe(INDEX.replace('<!--page-shell-->', '').replace('__CSP_NONCE__', nonce));
    }
  });

  /** The JSON a page was sent with, or undefined. */
  const pageDataOf = (html: string) => {
    const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
    return json === undefined ? undefined : (JSON.parse(json) as unknown);
  };
  const answer = async (path: string, language: string) => (await app.request(path, { headers: { 'Accept-Language': language } })).json();

  it("sends the home page with the API's home content in both languages and a preload of its hero image", async () => {
    const html = await (await app.request('/')).text();
    const home = (await answer('/api/home/', 'mn')) as { image: string };
    expect(pageDataOf(html)).toEqual({ '/api/home/': { mn: home, en: await answer('/api/home/', 'en') } });
    expect(home.image).toMatch(/^\/images\//);
    expect(html).toContain(`<link rel="preload" as="image" href="${home.image}" fetchpriority="high">`);
    // The hero's box with its image, in the shell, so it is drawn before the scripts run.
    expect(html).toMatch(new RegExp(`<div class="app-shell"><div class="home-hero" aria-hidden="true"><div class="home-hero__media"><img src="${home.image}" `));
  });

  it("sends the catalogue and a product page with the API's answers, and nothing for a product that does not exist", async () => {
    expect(pageDataOf(await (await app.request('/insurance/')).text())).toEqual({
      '/api/products/': { mn: await answer('/api/products/', 'mn'), en: await answer('/api/products/', 'en') },
    });
    expect(pageDataOf(await (await app.request('/insurance/detail/100/')).text())).toEqual({
      '/api/products/100/': { mn: await answer('/api/products/100/', 'mn'), en: await answer('/api/products/100/', 'en') },
    });
    const missing = await app.request('/insurance/detail/999999/');
    expect(missing.status).toBe(200);
    expect(pageDataOf(await missing.text())).toBeUndefined();
  });

  it("sends the mining registration's pages with the programme, the same in both languages", async () => {
    const programme = await answer('/api/mining/programme/', 'mn');
    for (const route of ['/ot/', '/ot/register/beneficiaries']) {
      expect(pageDataOf(await (await app.request(route)).text()), route).toEqual({ '/api/mining/programme/': { mn: programme, en: programme } });
    }
  });

  it('sends no data with pages whose first reads are personal or that read nothing', async () => {
    for (const route of ['/login', '/user/contract', '/credit-med']) {
      const html = await (await app.request(route)).text();
      expect(pageDataOf(html), route).toBeUndefined();
      expect(html, route).not.toContain('rel="preload"');
      expect(html, route).not.toContain('home-hero');
    }
  });

  it('sends content holding replacement patterns ($& and $\') exactly as the API gave it', async () => {
    const content = { image: '/images/hero.svg', text: "Save $& more, $' and $$ stay as typed </head>" };
    const pages = staticRoutes({ distDir: dist, isDev: false, read: async () => content });
    const html = await (await pages.request('/')).text();
    expect(pageDataOf(html)).toEqual({ '/api/home/': { mn: content, en: content } });
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it("writes the build's stylesheet into the page under the page's style nonce", async () => {
    const styled = await mkdtemp(join(tmpdir(), 'server-static-css-'));
    try {
      await mkdir(join(styled, 'assets'));
      const css = '.app-shell{min-height:100vh}';
      await writeFile(join(styled, 'assets', 'index-def456.css'), css);
      await writeFile(join(styled, 'index.html'), INDEX.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/index-def456.css"></head>'));
      const response = await server.app({ distDir: styled }).request('/login');
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
      const html = await response.text();
      expect(html).toContain(`<style nonce="${nonce}">${css}</style>`);
      expect(html).not.toContain('index-def456.css');
    } finally {
      await rm(styled, { recursive: true, force: true });
    }
  });

  it('gives every page a fresh style nonce, in its meta tag and in its Content-Security-Policy', async () => {
    const nonces = new Set<string>();
    for (const route of ['/', '/index.html', '/user/contract']) {
      const response = await app.request(route);
      const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(await response.text())?.[1];
      expect(nonce, route).toMatch(/^[A-Za-z0-9+/]{24}$/);
      expect(response.headers.get('Content-Security-Policy'), route).toContain(`style-src 'self' 'nonce-${nonce}'`);
      nonces.add(nonce ?? '');
    }
    expect(nonces.size).toBe(3);
    // Files other than the page keep the strict policy.
    expect((await app.request('/robots.txt')).headers.get('Content-Security-Policy')).toContain("style-src 'self';");
  });

  it('answers index.html for a route with a query string or hash-like suffix', async () => {
    expect(await (await app.request('/insurance/buy/payment/status/qpay/?invoice=12&status=paid')).text()).toMatch(/^<!doctype html>.*csp-nonce/);
  });

  it('serves hashed bundles under /assets with a long, immutable cache', async () => {
    const response = await app.request('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/javascript/);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(BUNDLE);
  });

  it('serves other build files with a short cache', async () => {
    const response = await app.request('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
  });

  it('serves the service worker revalidated on every load, so a new build replaces it at once', async () => {
    const response = await app.request('/sw.js?build=index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/javascript/);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('answers a missing file with 404 instead of the page (no HTML served as a script)', async () => {
    for (const path of ['/assets/index-gone.js', '/assets/style.css', '/logo.png']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('<html');
    }
  });

  it('does not serve files outside the build directory', async () => {
    for (const path of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json', '/images/..%2f..%2fapp.ts']) {
      const response = await app.request(path);
      expect(await response.text(), path).not.toContain('"dependencies"');
      expect(await (await app.request(path)).text(), path).not.toContain('createApp');
    }
  });

  it('keeps /api paths away from the SPA', async () => {
    const response = await app.request('/api/user/contract/5');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: { key: 'errors.notFound' } });
  });

  it('still serves the server images next to the build', async () => {
    expect((await app.request('/images/hero.svg')).status).toBe(200);
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await app.request('/user/contract/5', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe("a route's files, asked for with its page", () => {
  let built: string;
  let site: ReturnType<TestServer['app']>;
  const preloads = {
    routes: {
      login: { scripts: ['assets/login.page-a1.js', 'assets/auth-b2.js'], styles: [] },
      claimCreateFor: { scripts: ['assets/claim-wizard.page-c3.js'], styles: ['assets/claims-d4.css'] },
      claimCreateEvent: { scripts: ['assets/not-this-one.js'], styles: [] },
    },
  };
  const links = (html: string) => [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(([, rel, href]) => `${rel} ${href}`);
  beforeAll(async () => {
    built = await mkdtemp(join(tmpdir(), 'server-static-preloads-'));
    await mkdir(join(built, '.vite'));
    await writeFile(join(built, 'index.html'), INDEX);
    await writeFile(join(built, '.vite', 'route-preloads.json'), JSON.stringify(preloads));
    site = server.app({ distDir: built });
  });
  afterAll(() => rm(built, { recursive: true, force: true }));

  it("lists the route's scripts as module preloads and its stylesheets as style preloads, in <head>", async () => {
    const html = await (await site.request('/login')).text();
    expect(links(html)).toEqual(['modulepreload /assets/login.page-a1.js', 'modulepreload /assets/auth-b2.js']);
    expect(html.indexOf('/assets/auth-b2.js')).toBeLessThan(html.indexOf('</head>'));
    const wizard = await (await site.request('/user/claim/create/3')).text();
    expect(links(wizard)).toEqual(['preload /assets/claims-d4.css', 'modulepreload /assets/claim-wizard.page-c3.js']);
    // In the credentials mode of the links Vite's preload helper adds, or the browser fetches them again.
    expect(wizard).toContain('<link rel="preload" as="style" crossorigin href="/assets/claims-d4.css">');
    expect(wizard).toContain('<link rel="modulepreload" crossorigin href="/assets/claim-wizard.page-c3.js">');
  });

  it('lists nothing for a route the build has no files for, nor for a path no route matches', async () => {
    expect(links(await (await site.request('/user/settings')).text())).toEqual([]);
    expect(links(await (await site.request('/no-such-page')).text())).toEqual([]);
  });

  it('reads the list again for a new build, and ignores a list naming files outside the build', async () => {
    await writeFile(join(built, '.vite', 'route-preloads.json'), JSON.stringify({ routes: { login: { scripts: ['../server.js'], styles: [] } } }));
    await writeFile(join(built, 'index.html'), INDEX.replace('index-abc123', 'index-new456'));
    expect(links(await (await site.request('/login')).text())).toEqual([]);
    await writeFile(join(built, '.vite', 'route-preloads.json'), JSON.stringify(preloads));
    await writeFile(join(built, 'index.html'), INDEX);
    expect(links(await (await site.request('/login')).text())).toHaveLength(2);
  });

  it('sends pages without links when the build has no list (a build older than the list)', async () => {
    expect(links(await (await app.request('/login')).text())).toEqual([]);
  });
});

// Issue 27: a page's heading and lead in its HTML, so a phone shows them before any script has run.
describe("a page's head, drawn in its HTML", () => {
  let built: string;
  let site: ReturnType<TestServer['app']>;
  const heads = {
    heads: {
      paymentStatus: null,
      buyInsured: { frame: 'purchase', mn: { eyebrow: 'Онлайнаар', title: 'Хэнийг даатгуулах вэ?', lead: 'Даатгуулагч' }, en: { eyebrow: 'Online', title: 'Who is insured?', lead: 'The insured' } },
      claimList: { frame: 'user', mn: { title: 'Миний хүсэлтүүд', lead: 'Шинэ нь эхэндээ & <хуучин>' }, en: { title: 'My claims', lead: 'Newest first' } },
    },
  };
  const headOf = (html: string) => /<div class="page-head[^"]*">.*?<\/div>/.exec(html)?.[0];
  beforeAll(async () => {
    built = await mkdtemp(join(tmpdir(), 'server-static-heads-'));
    await mkdir(join(built, '.vite'));
    await writeFile(join(built, 'index.html'), INDEX);
    await writeFile(join(built, '.vite', 'page-heads.json'), JSON.stringify(heads));
    site = server.app({ distDir: built });
  });
  afterAll(() => rm(built, { recursive: true, force: true }));

  it("draws the route's heading and lead in the shell, in Mongolian without a language cookie, its text escaped", async () => {
    const html = await (await site.request('/user/claim/list')).text();
    expect(headOf(html)).toBe('<div class="page-head page-head--user page-head--framed"><h1 class="page-head__title">Миний хүсэлтүүд</h1><p class="page-head__lead">Шинэ нь эхэндээ &amp; &lt;хуучин&gt;</p></div>');
    expect(html).toContain('<html lang="mn">');
  });

  it('draws it in English, with the page marked English, for a browser whose language cookie says so', async () => {
    const response = await site.request('/insurance/buy/abc/100/', { headers: { Cookie: 'consent=1; language=en' } });
    const html = await response.text();
    expect(headOf(html)).toBe('<div class="page-head page-head--purchase container page-head--framed"><p class="page-head__eyebrow">Online</p><h1 class="page-head__title">Who is insured?</h1><p class="page-head__lead">The insured</p></div>');
    expect(html).toContain('<html lang="en">');
    expect(response.headers.get('Vary')).toContain('Cookie');
  });

  it('takes the first route that matches, as the app does, and draws nothing for a route without a head', async () => {
    // /insurance/buy/payment/status/ would match the purchase's first step too; its own route comes first.
    expect(headOf(await (await site.request('/insurance/buy/payment/status/')).text())).toBeUndefined();
    expect(headOf(await (await site.request('/user/settings')).text())).toBeUndefined();
    expect(headOf(await (await site.request('/no-such-page')).text())).toBeUndefined();
  });

  it('draws nothing for an address with a query, whose state the head may not describe', async () => {
    expect(headOf(await (await site.request('/user/claim/list?page=2')).text())).toBeUndefined();
  });

  it('draws nothing when the build has no heads (a build older than them)', async () => {
    expect(headOf(await (await app.request('/user/claim/list')).text())).toBeUndefined();
  });
});

describe('what crawlers and link previews read', () => {
  const DESCRIBED = INDEX.replace('<title>', '<meta name="description" content="Амьдралын даатгал онлайнаар — Life insurance online" /><title>');
  let described: string;
  let site: ReturnType<TestServer['app']>;
  beforeAll(async () => {
    described = await mkdtemp(join(tmpdir(), 'server-static-meta-'));
    await writeFile(join(described, 'index.html'), DESCRIBED);
    site = server.app({ distDir: described });
  });
  afterAll(() => rm(described, { recursive: true, force: true }));

  const common = async (language: string) =>
    JSON.parse(await readFile(join(import.meta.dirname, '../../src/locales', language, 'common.json'), 'utf8')) as {
      site: { name: string };
      titles: Record<string, string>;
      meta: Record<string, string>;
    };
  const tags = (html: string) => ({
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    og: Object.fromEntries([...html.matchAll(/<meta property="og:([\w:]+)" content="([^"]*)"/g)].map(([, name, content]) => [name, content])),
    descriptions: html.match(/<meta name="description"/g)?.length ?? 0,
  });
  const pageIn = async (path: string, language: string) =>
    (await site.request(`http://nar.example${path}`, { headers: { 'Accept-Language': language === 'en' ? 'en-US,en;q=0.9' : 'mn-MN,mn;q=0.9' } })).text();

  it.each(['mn', 'en'])('gives the public pages a description and Open Graph tags in the page language (%s)', async (language) => {
    const texts = await common(language);
    const siteName = texts.site.name;
    const expected: [string, string, string][] = [
      ['/', `${texts.titles.home} | ${siteName}`, texts.meta.home ?? ''],
      ['/insurance/', `${texts.titles.insuranceList} | ${siteName}`, texts.meta.insuranceList ?? ''],
      ['/ot/', `${texts.titles.ot} | ${siteName}`, texts.meta.ot ?? ''],
      ['/login', `${texts.titles.login} | ${siteName}`, texts.meta.login ?? ''],
    ];
    for (const [path, title, description] of expected) {
      expect(description, path).not.toBe('');
      const found = tags(await pageIn(path, language));
      expect(found.descriptions, path).toBe(1);
      expect(found.description, path).toBe(description);
      expect(found.og, path).toEqual({
        type: 'website',
        site_name: siteName,
        title,
        description,
        url: `http://nar.example${path}`,
        image: 'http://nar.example/icons/icon-512.png',
        locale: language === 'en' ? 'en_US' : 'mn_MN',
        'locale:alternate': language === 'en' ? 'mn_MN' : 'en_US',
      });
    }
    // A product page: the product's own name, line and picture, from the catalogue in that language.
    const product = (await (await site.request('/api/products/100/', { headers: { 'Accept-Language': language } })).json()) as { name: string; summary: string; image: string };
    const found = tags(await pageIn('/insurance/detail/100/', language));
    expect(found.description).toBe(product.summary);
    expect(found.og).toMatchObject({ title: `${product.name} | ${siteName}`, description: product.summary, image: `http://nar.example${product.image}`, url: 'http://nar.example/insurance/detail/100/' });
  });

  it('keeps index.html\'s description and adds no Open Graph tags on signed-in pages, unknown products and unknown paths', async () => {
    for (const path of ['/user/contract', '/credit-med', '/insurance/detail/999999/', '/no/such/page']) {
      const html = await pageIn(path, 'en');
      expect(tags(html), path).toEqual({ description: 'Амьдралын даатгал онлайнаар — Life insurance online', og: {}, descriptions: 1 });
    }
  });

  it('answers robots.txt: public pages may be crawled, the signed-in area and the API not, and where the sitemap is', async () => {
    const response = await site.request('http://nar.example/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /user', 'Disallow: /api/', 'Disallow: /credit-med', 'Sitemap: http://nar.example/sitemap.xml']));
    expect(lines.filter((line) => /^Disallow: \/(insurance\/?|ot|login)?$/.test(line))).toEqual([]);
  });

  it('answers sitemap.xml with the public pages and a page for every product of the catalogue', async () => {
    const response = await site.request('http://nar.example/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
    const catalogue = (await (await site.request('/api/products/')).json()) as { products: { id: number }[] };
    expect(catalogue.products.length).toBeGreaterThan(3);
    expect(locations).toEqual([
      'http://nar.example/',
      'http://nar.example/insurance/',
      ...catalogue.products.map((product) => `http://nar.example/insurance/detail/${product.id}/`),
      'http://nar.example/ot/',
      'http://nar.example/login',
    ]);
    // Every listed page is one the server answers with 200.
    for (const location of locations) expect((await site.request(location ?? '')).status, location).toBe(200);
  });
});

describe('without a build', () => {
  it('tells to run the build on every page route', async () => {
    const bare = server.app({ distDir: join(dist, 'missing') });
    for (const route of ['/', '/user/contract/5', '/insurance/buy/1/100/product/']) {
      const response = await bare.request(route);
      expect(response.status, route).toBe(503);
      expect(await response.text(), route).toBe(MISSING_BUILD_MESSAGE);
    }
    expect(MISSING_BUILD_MESSAGE).toContain('Run npm run build first');
  });

  it('still answers the API', async () => {
    expect((await server.app({ distDir: join(dist, 'missing') }).request('/api/home/')).status).toBe(200);
  });
});

describe('compression', () => {
  it('gzips scripts for browsers that accept it, and not for those that do not', async () => {
    const big = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    await writeFile(join(dist, 'assets', 'big-abc123.js'), big);
    const gzipped = await app.request('/assets/big-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip');
    const bytes = new Uint8Array(await gzipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(big.length / 4);
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(bytes).toString()).toBe(big);
    const plain = await app.request('/assets/big-abc123.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(big);
  });
});
