/** The markup a public page is sent with (server/http/page-data.ts) and how the client takes it (src/api/page-data.ts). */
import { describe, expect, it, vi } from 'vitest';
import { pageDataMarkup } from '../../server/http/page-data';

const scriptJson = (markup: string) => /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(markup)?.[1];

describe('the data a page is sent with', () => {
  it('cannot end its script early, whatever the content says', async () => {
    const hostile = { image: '/images/hero.svg', text: '</script><script>alert(1)</script> \u2028 <!--' };
    const markup = (await pageDataMarkup('/', async () => hostile)).head;
    expect(markup.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(scriptJson(markup) ?? 'null')).toEqual({ '/api/home/': { mn: hostile, en: hostile } });
  });

  it('preloads only an image path of the site, quoted safely', async () => {
    expect((await pageDataMarkup('/', async () => ({ image: 'https://elsewhere.example/x.png' }))).head).not.toContain('rel="preload"');
    expect((await pageDataMarkup('/', async () => ({ image: '/images/a"b.svg' }))).head).toContain('href="/images/a&quot;b.svg"');
  });

  it("draws the home page's hero box with its image in the shell, hidden from assistive technology, and no box elsewhere", async () => {
    const home = await pageDataMarkup('/', async () => ({ image: '/images/a"b.svg' }));
    expect(home.shell).toMatch(/^<div class="home-hero" aria-hidden="true"><div class="home-hero__media"><img src="\/images\/a&quot;b.svg" alt="" [^>]*class="home-hero__image"><\/div><\/div>$/);
    expect((await pageDataMarkup('/', async () => ({ image: 'https://elsewhere.example/x.png' }))).shell).toBe('');
    expect((await pageDataMarkup('/insurance/', async () => ({ products: [] }))).shell).toBe('');
  });

  it('leaves out a language whose read fails, and sends nothing when every read fails', async () => {
    const markup = (await pageDataMarkup('/insurance/', async (_path, language) => (language === 'en' ? { products: [] } : undefined))).head;
    expect(JSON.parse(scriptJson(markup) ?? 'null')).toEqual({ '/api/products/': { en: { products: [] } } });
    expect(await pageDataMarkup('/insurance/', async () => undefined)).toEqual({ head: '', shell: '' });
  });

  it("preloads the insurance list's first picture and a product's own, nothing for an empty list", async () => {
    const list = { products: [{ id: 1, image: '/images/product-100.svg' }, { id: 2, image: '/images/product-112.svg' }] };
    const head = (await pageDataMarkup('/insurance/', async () => list)).head;
    expect(head.match(/rel="preload"/g)).toHaveLength(1);
    expect(head).toContain('<link rel="preload" as="image" href="/images/product-100.svg" fetchpriority="high">');
    expect((await pageDataMarkup('/insurance/', async () => ({ products: [] }))).head).not.toContain('rel="preload"');
    expect((await pageDataMarkup('/insurance/detail/112/', async () => ({ id: 112, image: '/images/product-112.svg' }))).head).toContain('href="/images/product-112.svg"');
  });

  it('reads nothing for a product path that is not a product number', async () => {
    const asked: string[] = [];
    expect(await pageDataMarkup('/insurance/detail/abc/', async (path) => void asked.push(path))).toEqual({ head: '', shell: '' });
    expect(asked).toEqual([]);
  });
});

describe('the data on the client', () => {
  it('answers while the page it came with is shown, in either language, and no more once the app shows another path', async () => {
    const markup = (await pageDataMarkup('/', async (_path, language) => ({ image: '/images/hero.svg', language }))).head;
    const json = scriptJson(markup) ?? '';
    const [previousDocument, previousLocation] = [globalThis.document, globalThis.location];
    // The client reads the script by id and the path it was loaded at; minimal stand-ins for the browser's.
    globalThis.document = { getElementById: (id: string) => (id === 'page-data' ? { textContent: json } : null) } as unknown as Document;
    globalThis.location = { pathname: '/' } as unknown as Location;
    try {
      // A module of its own, read with the stand-ins above: the test files of a worker share modules
      // (vite.config.ts, isolate: false), and another file may have loaded it without a page's path.
      vi.resetModules();
      const { pageShown, sentAnswer } = await import('../../src/api/page-data');
      expect(sentAnswer('api/home/', 'en')).toEqual({ image: '/images/hero.svg', language: 'en' });
      // A render React throws away and repeats gets the same answer.
      expect(sentAnswer('api/home/', 'en')).toEqual({ image: '/images/hero.svg', language: 'en' });
      expect(sentAnswer('/api/home/', 'mn')).toEqual({ image: '/images/hero.svg', language: 'mn' });
      expect(sentAnswer('api/products/', 'mn')).toBeUndefined();
      pageShown('/');
      expect(sentAnswer('api/home/', 'mn')).toBeDefined();
      pageShown('/insurance/');
      pageShown('/');
      expect(sentAnswer('api/home/', 'mn')).toBeUndefined();
    } finally {
      globalThis.document = previousDocument;
      globalThis.location = previousLocation;
    }
  });
});
