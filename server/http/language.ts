export type Language = 'mn' | 'en';

/** Mongolian unless the Accept-Language header starts with English (the client sends just 'mn' or 'en'). */
export const languageOf = (acceptLanguage: string | undefined): Language =>
  acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'mn';
