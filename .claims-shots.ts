// Temporary screenshot script (not committed).
import { chromium } from 'playwright-core';
import { startServer } from './server/start';
import { accessTokenFor, demoUser } from './tests/e2e/support/users';

const run = async () => {
  const server = await startServer({ port: 0, host: '127.0.0.1', memory: true, distDir: '/tmp/dist-claims/', exposeOutbox: true, devTools: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const token = await accessTokenFor(server.url, demoUser);
  const { rows } = await server.db.query<{ id: number; claim_number: string }>("select id, claim_number from claims");
  const { rows: pol } = await server.db.query<{ id: number }>("select id from policies where contract_number = 'LI-2023-000184'");
  const byNumber = Object.fromEntries(rows.map((r) => [r.claim_number, r.id]));
  const pages: [string, string][] = [
    ['landing', '/user/claim'],
    ['list', '/user/claim/list'],
    ['refused', `/user/claim/detail/${byNumber['CL-2025-000233']}`],
    ['review', `/user/claim/detail/${byNumber['CL-2026-000097']}`],
    ['choose', '/user/claim/create'],
    ['wizard-type', `/user/claim/create/${pol[0]?.id}`],
  ];
  for (const language of ['mn', 'en']) {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: { cookies: [], origins: [{ origin: server.url, localStorage: [{ name: 'access', value: token }, { name: 'language', value: language }, { name: 'cookieAccepted', value: 'true' }, { name: 'cookiePersonalInformation', value: 'false' }, { name: 'cookieMarketingAnalytics', value: 'false' }] }] } });
      const page = await context.newPage();
      for (const [name, path] of pages) {
        await page.goto(`${server.url}${path}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `/tmp/claims-shots/${name}-${language}-${width}.png`, fullPage: true });
      }
      await context.close();
    }
  }
  await browser.close();
  await server.close();
};
run().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });
