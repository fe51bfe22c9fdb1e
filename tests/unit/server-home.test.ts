import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { homeSchema, type Home } from '../../contract/home.schema';
import { createTestServer, type TestServer } from '../../server/testing';

// An embedded PostgreSQL per file and scrypt on purpose: generous limits for a busy CI machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

/** The product ids of SPEC section 3. */
const SPEC_PRODUCT_IDS = [100, 112, 114, 119, 127, 129, 171, 172, 215, 218, 238, 240, 241, 242, 272];

let server: TestServer;
let app: ReturnType<TestServer['app']>;

const home = async (acceptLanguage?: string): Promise<{ response: Response; body: Home }> => {
  const response = await app.request('/api/home/', acceptLanguage ? { headers: { 'Accept-Language': acceptLanguage } } : {});
  return { response, body: homeSchema.parse(await response.json()) };
};

beforeAll(async () => {
  server = await createTestServer();
  app = server.app();
});
afterAll(() => server?.close());

describe('GET /api/home/', () => {
  it('answers the home content in the shape of the shared schema, without a token', async () => {
    const { response, body } = await home();
    expect(response.status).toBe(200);
    expect(body.image).toBe('/images/hero.svg');
    expect(body.boxes).toHaveLength(4);
    expect(body.mobile.image).toBe('/images/mobile-app.svg');
  });

  it('lists all 15 products of the specification', async () => {
    const { body } = await home('mn');
    expect(body.products.map((product) => product.id).sort((a, b) => a - b)).toEqual(SPEC_PRODUCT_IDS);
    for (const product of body.products) {
      expect(product.name).not.toBe('');
      expect(product.company_name).not.toBe('');
      expect(product.image).toBe(`/images/product-${product.id}.svg`);
    }
  });

  it('is Mongolian by default and for mn', async () => {
    const byDefault = (await home()).body;
    expect(byDefault).toEqual((await home('mn')).body);
    expect(byDefault.products.find((p) => p.id === 100)?.name).toBe('Амьдралын даатгал');
    expect(byDefault.products.find((p) => p.id === 112)?.name).toBe('Сургалтын төлбөрийн хуримтлал');
    expect(byDefault.mobile.text).toMatch(/[А-Яа-яӨөҮү]/);
  });

  it('is English when Accept-Language starts with en', async () => {
    for (const header of ['en', 'en-US,en;q=0.9,mn;q=0.8', 'EN-gb']) {
      const { body } = await home(header);
      expect(body.products.find((p) => p.id === 100)?.name, header).toBe('Life insurance');
      expect(body.products.find((p) => p.id === 112)?.name, header).toBe('Tuition savings');
    }
  });

  it('falls back to Mongolian for other languages', async () => {
    expect((await home('de-DE,en;q=0.5')).body).toEqual((await home('mn')).body);
  });

  it('localizes every product name, company, box title, box text and the mobile text', async () => {
    const [mn, en] = [(await home('mn')).body, (await home('en')).body];
    expect(en.products.map((p) => p.id)).toEqual(mn.products.map((p) => p.id));
    en.products.forEach((product, i) => {
      expect(product.name).not.toBe(mn.products[i]?.name);
      expect(product.name).not.toMatch(/[А-Яа-яӨөҮү]/);
      expect(product.company_name).not.toBe(mn.products[i]?.company_name);
    });
    en.boxes.forEach((box, i) => {
      expect(box.title).not.toBe(mn.boxes[i]?.title);
      expect(box.text).not.toBe(mn.boxes[i]?.text);
      expect(box.count).toBe(mn.boxes[i]?.count);
      expect(box.url).toBe(mn.boxes[i]?.url);
    });
    expect(en.mobile.text).not.toBe(mn.mobile.text);
    expect(en.image).toBe(mn.image);
  });

  it('varies by language for caches', async () => {
    const { response } = await home('en');
    expect(response.headers.get('Vary')).toMatch(/Accept-Language/i);
    expect(response.headers.get('Cache-Control')).toMatch(/max-age=\d+/);
  });

  it('ships the mobile teaser as simple, harmless rich text', async () => {
    for (const language of ['mn', 'en']) {
      const { text } = (await home(language)).body.mobile;
      expect(text).toMatch(/<p>/);
      expect(text).toMatch(/<strong>/);
      expect(text).toMatch(/<ul>[\s\S]*<li>/);
      expect(text).not.toMatch(/<script|<iframe|<style|javascript:|\son\w+=/i);
    }
  });

  it('links the boxes to routes of the app', async () => {
    for (const box of (await home()).body.boxes) {
      expect(box.url).toMatch(/^\/(insurance|user|credit-med|login)/);
      expect(box.count).not.toBe('');
    }
  });

  it('points only at images this server serves, as SVG with cache headers', async () => {
    const { body } = await home();
    const images = [body.image, body.mobile.image, ...body.boxes.map((b) => b.image), ...body.products.map((p) => p.image)];
    expect(images).toHaveLength(2 + 4 + 15);
    for (const image of images) {
      expect(image).toMatch(/^\/images\/[a-z0-9-]+\.svg$/);
      const response = await app.request(image);
      expect(response.status, image).toBe(200);
      expect(response.headers.get('Content-Type'), image).toMatch(/^image\/svg\+xml/);
      expect(response.headers.get('Cache-Control'), image).toMatch(/public, max-age=\d+/);
      const svg = await response.text();
      expect(svg, image).toMatch(/^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg, image).not.toMatch(/<script|\son\w+=|href="http/i);
    }
  });

  it('serves the logo and the favicon', async () => {
    for (const path of ['/images/logo.svg', '/images/favicon.svg', '/favicon.svg']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Content-Type'), path).toMatch(/^image\/svg\+xml/);
    }
  });

  it('shows what the database holds', async () => {
    await server.db.query(`update products set show_on_home = false where id = 272`);
    await server.db.query(`update products set name_en = 'Life cover' where id = 100`);
    try {
      const { body } = await home('en');
      expect(body.products.map((p) => p.id)).not.toContain(272);
      expect(body.products.find((p) => p.id === 100)?.name).toBe('Life cover');
    } finally {
      await server.db.query(`update products set show_on_home = true where id = 272`);
      await server.db.query(`update products set name_en = 'Life insurance' where id = 100`);
    }
  });
});
