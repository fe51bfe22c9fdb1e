/**
 * Public pages arrive with the answers of their first API reads (server/http/page-data.ts). A test
 * that answers those reads itself (an error, other content) first takes that data out of the page,
 * as when the server's own read failed, so the browser asks the API and meets the test's answer.
 */
import type { Page } from 'playwright-core';

const PAGE_DATA = /<script type="application\/json" id="page-data">.*?<\/script>\n?/s;

/** Every page this tab opens from now on comes without the data the server sends with it. */
export async function withoutSentData(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      return route.fulfill({ response, body: (await response.text()).replace(PAGE_DATA, '') });
    },
  );
}
