/** The user area's floating user-manual button: the manual document and video from the profile, and the chat link. */
import { describe, expect, it } from 'vitest';
import { contact } from '../../src/app/config';
import { useBrowserTests } from './support/harness';
import { demoUser } from './support/users';
import { expectHidden, expectVisible } from './support/ui';

const e2e = useBrowserTests();

describe('the user-manual button', () => {
  for (const language of ['en', 'mn'] as const) {
    it(`opens the manual, the video and the chat links (${language}), and closes with Escape`, async () => {
      const { page, userMenu, language: ui } = await e2e.openSite({ language, signedInAs: demoUser });
      await page.goto('/user/contract');
      await expectVisible(userMenu.navigation);
      const button = page.getByRole('button', { name: ui.t('user:manual.button') });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.click();
      const list = page.getByRole('list', { name: ui.t('user:manual.button') });
      await expectVisible(list);
      const link = (key: string) => list.getByRole('link', { name: ui.t(`user:manual.${key}`) });
      const profile = await page.evaluate(async () => {
        const response = await fetch('/api/profile/', { headers: { Authorization: `Bearer ${localStorage.getItem('access')}` } });
        return (await response.json()) as { user_manual_document: string; user_manual_video: string };
      });
      expect(await link('document').getAttribute('href')).toBe(profile.user_manual_document);
      expect(await link('video').getAttribute('href')).toBe(profile.user_manual_video);
      expect(await link('messenger').getAttribute('href')).toBe(contact.messenger);
      for (const key of ['document', 'video', 'messenger']) expect(await link(key).getAttribute('target')).toBe('_blank');

      const manual = await fetch(new URL(profile.user_manual_document, e2e.baseUrl));
      expect(manual.status).toBe(200);

      await page.keyboard.press('Escape');
      await expectHidden(list);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(ui.t('user:manual.button'));
    });
  }
});
