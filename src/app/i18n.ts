/**
 * i18next set-up: Mongolian is the default and fallback and ships in the main bundle; English is
 * loaded when first chosen. The choice is stored as `language` (SPEC 3) and `<html lang>` follows.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['mn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'mn';
const STORAGE_KEY = 'language';

type Bundle = Record<string, unknown>;
const namespaceOf = (path: string) => path.replace(/^.*\/([\w-]+)\.json$/, '$1');

const mnModules = import.meta.glob<Bundle>('../locales/mn/*.json', { eager: true, import: 'default' });
const enLoaders = import.meta.glob<Bundle>('../locales/en/*.json', { import: 'default' });
const namespaces = Object.keys(mnModules).map(namespaceOf);

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export const readStoredLanguage = (): Language => {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

const loaded = new Set<Language>(['mn']);

const ensureLoaded = async (language: Language) => {
  if (loaded.has(language)) return;
  const entries = await Promise.all(
    Object.entries(enLoaders).map(async ([path, load]) => [namespaceOf(path), await load()] as const),
  );
  for (const [ns, bundle] of entries) i18next.addResourceBundle(language, ns, bundle, true, true);
  loaded.add(language);
};

const reflect = (language: Language) => {
  document.documentElement.lang = language;
};

export const initI18n = async (language: Language = readStoredLanguage()) => {
  await i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: namespaces,
    defaultNS: 'common',
    resources: {
      mn: Object.fromEntries(Object.entries(mnModules).map(([path, bundle]) => [namespaceOf(path), bundle])),
    },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await setLanguage(language, { store: false });
  return i18next;
};

/** Switches the interface language, loading its texts first, and remembers the choice. */
export const setLanguage = async (language: Language, { store = true } = {}) => {
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
  if (store) globalThis.localStorage?.setItem(STORAGE_KEY, language);
  reflect(language);
};

/** The BCP 47 locale for Intl formatting of the current language. */
export const localeOf = (language: string) => (language === 'en' ? 'en-US' : 'mn-MN');
