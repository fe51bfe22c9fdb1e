/** Documents a customer keeps (issue 23): the download buttons on a page, and the public /verify/{code} page. */
import type { Download } from 'playwright-core';
import { expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export class DocumentsPage {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  /** Presses a download button (by its `documents:` key, or the other-language link) and returns the file. */
  async download(key: 'certificate' | 'receipt' | 'claimSummary' | 'claimDecision' | 'otherLanguage.mn' | 'otherLanguage.en'): Promise<{ filename: string; head: string }> {
    const button = this.page.getByRole('button', { name: this.ui.name(`documents:${key}`) }).first();
    await expectVisible(button);
    const [download] = await Promise.all([this.page.waitForEvent('download'), button.click()]);
    return { filename: download.suggestedFilename(), head: await firstBytes(download) };
  }

  async openVerify(code: string) {
    await this.page.goto(`/verify/${code}`);
    await expectVisible(this.page.getByRole('heading', { level: 1, name: this.ui.name('documents:verify.title') }));
  }

  /** The verify page's answer: 'genuine', 'revoked' or 'forged', and its facts as text. */
  async verifyResult() {
    const result = this.page.locator('[data-result]');
    await expectVisible(result);
    return { result: await result.getAttribute('data-result'), text: (await result.innerText()).replace(/\s+/g, ' ') };
  }
}

const firstBytes = async (download: Download) => {
  const stream = await download.createReadStream();
  for await (const chunk of stream) return Buffer.from(chunk as Buffer).subarray(0, 5).toString('latin1');
  return '';
};
