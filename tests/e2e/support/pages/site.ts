/** All page objects of one browser page, reading labels in the language shown. */
import type { Page } from 'playwright-core';
import type { Language } from '../texts';
import { AlertModal } from './alert.page';
import { CookieBanner } from './cookie-banner.page';
import { Header } from './header.page';
import { HomePage } from './home.page';
import { LoginPage } from './login.page';
import { UiLanguage } from './ui-language';
import { UserMenu } from './user-menu.page';

export interface Site {
  page: Page;
  language: UiLanguage;
  home: HomePage;
  header: Header;
  cookieBanner: CookieBanner;
  loginPage: LoginPage;
  userMenu: UserMenu;
  alert: AlertModal;
}

export function siteOf(page: Page, language: Language = 'mn'): Site {
  const ui = new UiLanguage(page, language);
  return {
    page,
    language: ui,
    home: new HomePage(ui),
    header: new Header(ui),
    cookieBanner: new CookieBanner(ui),
    loginPage: new LoginPage(ui),
    userMenu: new UserMenu(ui),
    alert: new AlertModal(ui),
  };
}
