/** The flag toggles the language: texts, `<html lang>`, the stored choice and the page title follow. */
import { describe, expect, it } from 'vitest';
import { homeContent } from './support/api';
import { useBrowserTests } from './support/harness';
import { demoUser } from './support/users';
import { LANGUAGES, text, type Language } from './support/texts';
import { expectPath, expectStorage, expectVisible, storageItem } from './support/ui';

const e2e = useBrowserTests();

const htmlLang = (page: { evaluate: <T>(fn: () => T) => Promise<T> }) => page.evaluate(() => document.documentElement.lang);
const siteName = (language: Language) => text(language, 'site.name');

describe('switching the language', () => {
  it('starts in Mongolian, switches to English with the flag and back', async () => {
    const { home, header, page } = await e2e.openSite();
    await home.open();
    expect(await htmlLang(page)).toBe('mn');
    await expectVisible(header.loginLink);

    await home.switchLanguage();
    expect(await htmlLang(page)).toBe('en');
    await expectVisible(page.getByRole('heading', { level: 1, name: text('en', 'home:hero.title') }));
    await expectVisible(header.banner.getByRole('link', { name: 'Log in', exact: true }));
    await expectStorage(page, 'language', 'en');

    await home.switchLanguage();
    expect(await htmlLang(page)).toBe('mn');
    await expectVisible(page.getByRole('heading', { level: 1, name: text('mn', 'home:hero.title') }));
    await expectStorage(page, 'language', 'mn');
  });

  it("reloads the server's content in the new language", async () => {
    const { home } = await e2e.openSite();
    const english = await homeContent(e2e.baseUrl, 'en');
    const firstBox = english.boxes[0];
    if (!firstBox) throw new Error('The seed has no info boxes');
    await home.open();
    await home.switchLanguage();
    await expectVisible(home.infoBoxesSection.getByRole('link', { name: firstBox.title, exact: true }));
  });

  it('keeps the choice after a reload (localStorage language)', async () => {
    const { home, page } = await e2e.openSite();
    await home.open();
    await home.switchLanguage();
    await expectStorage(page, 'language', 'en');
    await page.reload();
    await home.waitUntilLoaded();
    expect(await htmlLang(page)).toBe('en');
    expect(await storageItem(page, 'language')).toBe('en');
  });

  it('switches on the login page with its own flag', async () => {
    const { loginPage, language, page } = await e2e.openSite();
    await loginPage.open();
    await language.toggle();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Log in', exact: true }));
    await expectVisible(page.getByRole('textbox', { name: text('en', 'auth:login.email'), exact: true }));
    await expectStorage(page, 'language', 'en');
  });
});

describe.each(LANGUAGES)('page titles in %s', (language) => {
  it('end with the site name on the home, login and insurance list pages', async () => {
    const { home, loginPage, page } = await e2e.openSite({ language });
    await home.open();
    await expect.poll(() => page.title()).toBe(`${text(language, 'titles.home')} | ${siteName(language)}`);
    await loginPage.open();
    await expect.poll(() => page.title()).toBe(`${text(language, 'titles.login')} | ${siteName(language)}`);
    await page.goto('/insurance/');
    await expect.poll(() => page.title()).toBe(`${text(language, 'titles.insuranceList')} | ${siteName(language)}`);
  });

  it('end with the site name in the user area', async () => {
    const { userMenu, page } = await e2e.openSite({ language, signedInAs: demoUser });
    await page.goto('/user/feedback');
    await expectPath(page, '/user/feedback');
    await expectVisible(userMenu.navigation);
    await expect.poll(() => page.title()).toBe(`${text(language, 'titles.feedback')} | ${siteName(language)}`);
  });

  it('follow a language switch without a navigation', async () => {
    const { home, page } = await e2e.openSite({ language });
    await home.open();
    await home.switchLanguage();
    const shown: Language = language === 'mn' ? 'en' : 'mn';
    await expect.poll(() => page.title()).toBe(`${text(shown, 'titles.home')} | ${siteName(shown)}`);
  });
});
