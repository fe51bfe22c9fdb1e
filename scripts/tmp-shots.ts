import { launchChromium, startAppServer } from '../tests/e2e/support/browser';
const server = await startAppServer();
const browser = await launchChromium();
for (const lang of ['mn', 'en']) for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: server.url, locale: lang === 'mn' ? 'mn-MN' : 'en-US' });
  await context.addInitScript((l) => { localStorage.setItem('i18nextLng', l); }, lang);
  const page = await context.newPage();
  for (const path of ['/ot/', '/ot/register']) {
    await page.goto(path);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${path.replace(/\W+/g, '_')}-${lang}-${width}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
await server.close();
