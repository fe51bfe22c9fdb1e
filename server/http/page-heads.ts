/**
 * A page's head (its heading and lead, src/app/page-heads.ts) drawn in the HTML's shell, in the
 * language the browser chose: the build resolves each head's texts in both languages and writes them
 * to `.vite/page-heads.json` (scripts/vite-page-heads.ts); the server puts the route's head in the
 * shell's slot. On a phone's network the head is then on screen with the HTML and its stylesheet,
 * about a second and a half before the scripts could draw it (docs/performance.md, "Page heads").
 *
 * The language is the `language` cookie the app writes beside its stored choice
 * (src/platform/i18n.ts); without it, Mongolian, the default. An address with a query draws no head:
 * a query opens a page in a state its usual head may not describe (/fee?access=… is another
 * person's policy). A build without the file (an older one) draws none.
 */
import { HEAD_FRAMES, headClasses, type HeadFrame } from '../../contract/page-head';
import { buildFileOf, routeOfPath } from './build-file';
import { LANGUAGES, type Language } from './language';

/** The build's file, beside Vite's manifest (scripts/vite-page-heads.ts writes it). */
export const PAGE_HEADS_FILE = '.vite/page-heads.json';

export interface HeadTexts {
  eyebrow?: string;
  title: string;
  lead?: string;
}

/** Every route (by name, in the route table's order): where its head sits and its texts in each language, or null for none. */
export interface PageHeads {
  heads: Record<string, ({ frame: HeadFrame } & Record<Language, HeadTexts>) | null>;
}

const isTexts = (value: unknown): value is HeadTexts => {
  if (!value || typeof value !== 'object') return false;
  const { eyebrow, title, lead } = value as Record<string, unknown>;
  return typeof title === 'string' && (eyebrow === undefined || typeof eyebrow === 'string') && (lead === undefined || typeof lead === 'string');
};

const isPageHeads = (value: unknown): value is PageHeads => {
  const heads = value && typeof value === 'object' ? (value as { heads?: unknown }).heads : undefined;
  if (!heads || typeof heads !== 'object') return false;
  return Object.values(heads).every(
    (head: Record<string, unknown> | null) => head === null || (HEAD_FRAMES.includes(head.frame as HeadFrame) && LANGUAGES.every((language) => isTexts(head[language]))),
  );
};

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The language of a `Cookie` header's `language` cookie; Mongolian without one. */
export const cookieLanguage = (cookie: string | undefined): Language => {
  const value = /(?:^|;\s*)language=([^;]*)/.exec(cookie ?? '')?.[1]?.trim();
  return LANGUAGES.find((language) => language === value) ?? 'mn';
};

/**
 * The shell's head for `pathname` (the first route whose pattern matches, as in the client's table),
 * in `language`; '' for a route without one. The classes are the ones src/app/route-head.tsx draws.
 */
export const pageHeadMarkup = (heads: PageHeads, pathname: string, language: Language): string => {
  const name = routeOfPath(Object.keys(heads.heads), pathname);
  const head = name ? heads.heads[name] : undefined;
  if (!head) return '';
  const texts = head[language];
  return [
    `<div class="${headClasses(head.frame, true)}">`,
    texts.eyebrow ? `<p class="page-head__eyebrow">${escapeText(texts.eyebrow)}</p>` : '',
    `<h1 class="page-head__title">${escapeText(texts.title)}</h1>`,
    texts.lead ? `<p class="page-head__lead">${escapeText(texts.lead)}</p>` : '',
    '</div>',
  ].join('');
};

/** Reads the build's heads, again when the build changed (./build-file.ts). */
export const pageHeadsOf = (distDir: string) => buildFileOf(distDir, PAGE_HEADS_FILE, isPageHeads);
