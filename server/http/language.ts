export const LANGUAGES = ['mn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Mongolian unless the Accept-Language header starts with English (the client sends just 'mn' or 'en'). */
export const languageOf = (acceptLanguage: string | undefined): Language =>
  acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'mn';
