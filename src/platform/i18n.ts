/**
 * i18next set-up: Mongolian is the default and fallback. The namespaces the first page needs ship in
 * the main bundle; every other namespace (and every English one) is its own small chunk, loaded by a
 * backend the first time a view asks for it (views suspend meanwhile). The choice is stored as
 * `language` (SPEC 3) and `<html lang>` follows. A `language` cookie repeats it for the server, which
 * draws a page's head in its HTML in that language (server/http/page-heads.ts): a preference the user
 * made, like the stored one, not a tracker (docs/decisions.md, "Page heads in the HTML").
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { contact } from './config';

export const LANGUAGES = ['mn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'mn';
const STORAGE_KEY = 'language';

type Bundle = Record<string, unknown>;
const namespaceOf = (path: string) => path.replace(/^.*\/([\w-]+)\.json$/, '$1');

/**
 * What the home page and the shell around every page use; keep in step with the glob below. The cookie
 * banner's texts are not among them: the banner is loaded only while it asks (page-chrome.tsx).
 */
export const STARTUP_NAMESPACES = ['common', 'errors', 'validation', 'ui', 'home'] as const;
const startup = import.meta.glob<Bundle>('../locales/mn/{common,errors,validation,ui,home}.json', {
  eager: true,
  import: 'default',
});
const onDemand: Record<Language, Record<string, () => Promise<Bundle>>> = {
  mn: import.meta.glob<Bundle>(['../locales/mn/*.json', '!../locales/mn/{common,errors,validation,ui,home}.json'], {
    import: 'default',
  }),
  en: import.meta.glob<Bundle>('../locales/en/*.json', { import: 'default' }),
};

const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language: string, namespace: string, callback: ReadCallback) => {
    const load = onDemand[language as Language]?.[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (bundle) => callback(null, bundle),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export const readStoredLanguage = (): Language => {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

const ONE_YEAR = 365 * 24 * 60 * 60;

const reflect = (language: Language) => {
  document.documentElement.lang = language;
  if (!document.cookie.split(/;\s*/).includes(`${STORAGE_KEY}=${language}`)) {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${STORAGE_KEY}=${language}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure}`;
  }
};

export const initI18n = async (language: Language = readStoredLanguage()) => {
  await i18next
    .use(chunkBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...STARTUP_NAMESPACES],
      defaultNS: 'common',
      resources: {
        mn: Object.fromEntries(Object.entries(startup).map(([path, bundle]) => [namespaceOf(path), bundle])),
      },
      partialBundledLanguages: true,
      // `{{contactPhone}}` in any text is the phone the footer shows (refusals that say whom to call).
      interpolation: { escapeValue: false, defaultVariables: { contactPhone: contact.phone } },
      returnNull: false,
    });
  reflect(language);
  return i18next;
};

/** Switches the interface language (its texts load first) and remembers the choice. */
export const setLanguage = async (language: Language, { store = true } = {}) => {
  await i18next.changeLanguage(language);
  if (store) globalThis.localStorage?.setItem(STORAGE_KEY, language);
  reflect(language);
};

/**
 * The BCP 47 locale for Intl formatting of the current language. English is British English: day
 * before month ("1 Mar 2023"), never the American 03/01/2023 a Mongolian reader would misread.
 */
export const localeOf = (language: string) => (language === 'en' ? 'en-GB' : 'mn-MN');
