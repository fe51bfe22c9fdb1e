import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headText } from '../../scripts/vite-page-heads';
import { readRouteModules } from '../../scripts/route-modules';
import { PAGE_HEADS } from '../../src/app/page-heads';

describe("the build's page heads", () => {
  it('resolves every head of the list to a plain text in both languages, for routes of the route table', () => {
    const routes = new Set(readRouteModules().map((route) => route.name));
    for (const [name, head] of Object.entries(PAGE_HEADS)) {
      expect(routes.has(name as never), name).toBe(true);
      for (const language of ['mn', 'en']) {
        for (const key of [head.eyebrow, head.title, head.lead].filter((value): value is string => Boolean(value))) {
          expect(headText(process.cwd(), language, key).length, `${language} ${key}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('refuses a missing key and a text the server could not draw as it is', async () => {
    const root = await mkdtemp(join(tmpdir(), 'page-heads-'));
    try {
      await mkdir(join(root, 'src/locales/mn'), { recursive: true });
      await writeFile(join(root, 'src/locales/mn/x.json'), JSON.stringify({ a: { plain: 'Гарчиг', phone: 'Утас {{contactPhone}}', marked: 'Энд <b>дар</b>' } }));
      expect(headText(root, 'mn', 'x:a.plain')).toBe('Гарчиг');
      expect(() => headText(root, 'mn', 'x:a.missing')).toThrow(/no mn text/);
      expect(() => headText(root, 'mn', 'x:a.phone')).toThrow(/not plain/);
      expect(() => headText(root, 'mn', 'x:a.marked')).toThrow(/not plain/);
      expect(() => headText(root, 'mn', 'a.plain')).toThrow(/namespace:key/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
