/**
 * The browser part of the upload store in Chromium against the real server: the upload slot
 * (src/shared/upload/: UploadSlot, the upload machine, tus-js-client) mounted alone by a test
 * fixture (tests/e2e/fixtures/upload-slot/), built here into a temporary directory; the product
 * build is not touched. The images step of mining registration uses the same slot; its own test
 * runs the same checks inside the wizard with tests/e2e/support/uploads.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser, BrowserContext } from 'playwright-core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/start';
import { seededSnapshot } from '../../server/testing';
import { workerChromium } from './support/browser';
import { UiLanguage } from './support/pages/ui-language';
import { UploadSlotFixture } from './support/pages/upload-slot.part';
import { accessTokenFor, demoUser } from './support/users';
import {
  contentOf,
  fileOnDisk,
  heicFile,
  networkControl,
  pngFile,
  renamedNonImage,
  storedOffset,
  tooLargeImage,
  tusTraffic,
  uploadsIn,
  MIB,
} from './support/uploads';

const FIXTURE = fileURLToPath(new URL('./fixtures/upload-slot/', import.meta.url));
const LABEL = 'Identity card, front';

let outDir: string;
let server: RunningServer;
let browser: Browser;
let token: string;
let auth: Record<string, string>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'upload-slot-fixture-'));
  await build({
    configFile: false,
    root: FIXTURE,
    plugins: [react()],
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  // The run's seeded database (tests/global-setup.ts) and the worker's Chromium, as the harness does.
  const snapshot = await seededSnapshot();
  [server, browser] = await Promise.all([
    startServer({ port: 0, host: '127.0.0.1', memory: true, demo: true, distDir: outDir, ...(snapshot ? { snapshot } : {}) }),
    workerChromium(),
  ]);
  token = await accessTokenFor(server.url, demoUser);
  auth = { Authorization: `Bearer ${token}` };
}, 180_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  // The browser is the worker's (kept for its next file): only this file's contexts go.
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  await server?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** The fixture page in English with the demo user's token; its tus requests recorded. */
const openFixture = async (language: 'en' | 'mn' = 'en') => {
  const context = await browser.newContext({ baseURL: server.url });
  contexts.push(context);
  context.setDefaultTimeout(30_000);
  await context.addInitScript(
    ([accessToken, lang]) => {
      localStorage.setItem('e2e-token', accessToken);
      localStorage.setItem('language', lang);
    },
    [token, language] as const,
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  // A Content-Security-Policy violation (e.g. a blob: preview refused) is reported on the console.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const traffic = tusTraffic(page);
  const fixture = new UploadSlotFixture(new UiLanguage(page, language), LABEL);
  await fixture.open();
  return { page, fixture, slot: fixture.slot, traffic, problems };
};

/** The newest upload of the demo user, once the server has one. */
const newestUpload = async (after: ReadonlySet<string>) => {
  await expect.poll(async () => (await uploadsIn(server.db)).filter((upload) => !after.has(upload.id)).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const [upload] = (await uploadsIn(server.db)).filter((item) => !after.has(item.id));
  if (!upload) throw new Error('no upload');
  return upload;
};

const knownIds = async () => new Set((await uploadsIn(server.db)).map((upload) => upload.id));

describe('the upload slot in Chromium', () => {
  it('uploads a chosen photo with a progress bar in bytes, shows its preview, and deletes it from the server when replaced or removed', async () => {
    const { page, fixture, slot, problems } = await openFixture();
    const network = await networkControl(page);
    await network.throttle(384 * 1024);
    const file = pngFile('card-front.png', Math.round(1.5 * MIB));
    await slot.uploadChoose(file);

    const bar = slot.progressBar;
    await bar.waitFor();
    // A real bar: its value is the bytes sent, moving between 0 and the file's size.
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(0);
    const midway = Number(await bar.getAttribute('aria-valuenow'));
    expect(midway).toBeLessThan(file.buffer.length);
    expect(Number(await bar.getAttribute('aria-valuemax'))).toBe(file.buffer.length);
    expect(await bar.getAttribute('aria-valuetext')).toMatch(/^\d+\.\d of 1\.5 MB$/);

    await slot.waitUntilUploaded(60_000);
    const uploaded = await fixture.uploaded();
    expect(uploaded).toMatchObject({ filename: 'card-front.png', size: file.buffer.length, mime: 'image/png' });
    expect((await contentOf(server.url, uploaded?.id ?? '', auth))?.equals(file.buffer)).toBe(true);
    const preview = slot.preview;
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(2);
    expect(problems).toEqual([]);

    // Replaced: once the new photo is up, the old one is deleted from the store.
    await network.throttle(0);
    await slot.uploadChoose(pngFile('card-front-2.png', 48 * 1024));
    await expect.poll(async () => (await fixture.uploaded())?.filename).toBe('card-front-2.png');
    const replacement = await fixture.uploaded();
    await expect.poll(() => storedOffset(server.url, uploaded?.id ?? '', auth)).toBeNull();
    expect(await storedOffset(server.url, replacement?.id ?? '', auth)).toBe(48 * 1024);
    // Removed: the slot is empty again and the photo is gone from the server too.
    await slot.uploadRemove();
    await slot.chooseButton.waitFor();
    await expect.poll(() => storedOffset(server.url, replacement?.id ?? '', auth)).toBeNull();
    expect(await slot.images.count()).toBe(0);
  });

  it('continues an upload cut off half way (offline, then online) from the bytes the server stored', async () => {
    const { page, fixture, slot, traffic } = await openFixture();
    const network = await networkControl(page);
    await network.throttle(256 * 1024);
    const before = await knownIds();
    const file = pngFile('card-back.png', 3 * MIB);
    await slot.uploadChoose(file);

    const upload = await newestUpload(before);
    await expect.poll(async () => (await storedOffset(server.url, upload.id, auth)) ?? 0, { timeout: 30_000 }).toBeGreaterThan(512 * 1024);
    await network.offline();
    // The cut request ends; what the server stored is what it says now (and it stops growing).
    await expect.poll(() => traffic.patches().some((patch) => patch.failed || patch.status !== null), { timeout: 30_000 }).toBe(true);
    await page.waitForTimeout(1_000);
    const stored = (await storedOffset(server.url, upload.id, auth)) ?? 0;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(file.buffer.length);
    // The page says what happened, and keeps the progress made.
    await slot.alert('The connection was lost').waitFor();
    const patchesBefore = traffic.patches().length;

    await network.throttle(0);
    await network.online();
    await slot.waitUntilUploaded(60_000);
    // The next PATCH started where the server had stopped, not from zero; the file was not chosen again.
    const resumed = traffic.patches().slice(patchesBefore);
    expect(resumed.length).toBeGreaterThan(0);
    expect(resumed[0]?.offset).toBe(stored);
    expect(resumed.every((patch) => (patch.offset ?? 0) >= stored)).toBe(true);
    expect(traffic.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect((await contentOf(server.url, upload.id, auth))?.equals(file.buffer)).toBe(true);
    expect((await fixture.uploaded())?.id).toBe(upload.id);
  });

  it('offers the retry within seconds when the connection is reset mid-upload, and counts a file under 1 MB in KB', async () => {
    const { page, slot } = await openFixture();
    // Every PATCH is cut off by a connection reset (the server never answers it).
    await page.route('**/api/uploads/**', (route) => (route.request().method() === 'PATCH' ? route.abort('connectionreset') : route.continue()));
    await slot.uploadChoose(pngFile('small-card.png', 300 * 1024));
    // While it tries, the bar counts the file's size in KB, never '0.0 of 0.0 MB'.
    await expect.poll(() => slot.progressBar.getAttribute('aria-valuetext'), { timeout: 5_000 }).toMatch(/^0 of 300 KB$/);
    const cutAt = Date.now();
    await slot.alert('The connection was lost').waitFor({ timeout: 12_000 });
    await slot.retryButton.waitFor({ timeout: 1_000 });
    expect(Date.now() - cutAt).toBeLessThan(12_000);
    // The connection is back: the retry finishes the upload.
    await page.unroute('**/api/uploads/**');
    await slot.uploadRetry();
    await slot.waitUntilUploaded(30_000);
  });

  it('after a reload, choosing the same photo again continues its upload instead of starting over', async () => {
    const { page, fixture, slot, traffic } = await openFixture();
    const network = await networkControl(page);
    await network.throttle(256 * 1024);
    const before = await knownIds();
    const file = pngFile('selfie.png', 3 * MIB);
    const { path, directory } = await fileOnDisk(file);
    try {
      await slot.uploadChoose(path);
      const upload = await newestUpload(before);
      await expect.poll(async () => (await storedOffset(server.url, upload.id, auth)) ?? 0, { timeout: 30_000 }).toBeGreaterThan(512 * 1024);
      await page.reload();
      await page.waitForTimeout(1_000);
      const stored = (await storedOffset(server.url, upload.id, auth)) ?? 0;
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThan(file.buffer.length);
      const patchesBefore = traffic.patches().length;

      await network.throttle(0);
      await slot.uploadChoose(path);
      await slot.waitUntilUploaded(60_000);
      const resumed = traffic.patches().slice(patchesBefore);
      expect(resumed[0]?.offset).toBe(stored);
      expect(traffic.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
      expect((await fixture.uploaded())?.id).toBe(upload.id);
      expect((await contentOf(server.url, upload.id, auth))?.equals(file.buffer)).toBe(true);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('refuses an image over 10 MB in the browser before sending anything, and keeps the photo already uploaded', async () => {
    const { fixture, slot, traffic } = await openFixture();
    await slot.uploadChoose(pngFile('selfie.png', 64 * 1024));
    await slot.waitUntilUploaded();
    const kept = await fixture.uploaded();
    const requests = traffic.requests.length;

    await slot.uploadChoose(tooLargeImage());
    await slot.alert('Image over 10 MB').waitFor();
    expect(traffic.requests.length).toBe(requests);
    expect(await fixture.uploaded()).toEqual(kept);
    await slot.preview.waitFor();
  });

  it('refuses a non-image renamed .jpg in the browser, and says so in Mongolian', async () => {
    const { slot, traffic } = await openFixture('mn');
    await slot.uploadChoose(renamedNonImage());
    await slot.alert('Энэ файл зураг биш байна').waitFor();
    expect(traffic.requests).toHaveLength(0);
  });

  it('says clearly when the browser cannot show a HEIC photo, and fits a 375 px screen', async () => {
    const { page, slot, traffic } = await openFixture();
    await page.setViewportSize({ width: 375, height: 740 });
    await slot.uploadChoose(heicFile());
    await slot.alert('This browser cannot show HEIC photos').waitFor();
    expect(traffic.requests).toHaveLength(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('shows the server’s refusal when the bytes that arrive are not an image (415), and the upload is gone', async () => {
    const { page, slot } = await openFixture();
    // What reaches the server is not what the browser checked (as from a tampered client).
    await page.route('**/api/uploads/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
      return route.continue({ postData: renamedNonImage('x.jpg', body.length).buffer });
    });
    const before = await knownIds();
    await slot.uploadChoose(pngFile('card-front.png', 32 * 1024));
    await slot.alert('This file is not a photo').waitFor();
    await slot.retryButton.waitFor();
    expect((await uploadsIn(server.db)).filter((upload) => !before.has(upload.id))).toEqual([]);
  });
});
