/**
 * The answers of a public page's first API reads, sent with the page by the server
 * (server/http/page-data.ts) as `{ "/api/home/": { "mn": …, "en": … } }`. They hold while the page
 * they came with is shown: a read of that path in that language uses them instead of a round trip
 * (however often React renders, and after a language switch); once the app shows another path
 * (`pageShown`), every read asks the API.
 */
const PAGE_DATA_ID = 'page-data';

let pageData: Record<string, Record<string, unknown>> | undefined;
/** The path the server sent the page for. */
const sentFor = globalThis.location?.pathname;

const readPageData = () => {
  if (pageData) return pageData;
  pageData = {};
  const script = globalThis.document?.getElementById(PAGE_DATA_ID);
  if (script?.textContent) {
    try {
      const parsed: unknown = JSON.parse(script.textContent);
      if (parsed && typeof parsed === 'object') pageData = parsed as Record<string, Record<string, unknown>>;
    } catch {
      // A damaged script only costs the round trip it would have saved.
    }
  }
  return pageData;
};

/** The page's answer for `path` ('api/home/') in `language`; undefined when the page has none (any more). */
export const sentAnswer = (path: string, language: string): unknown => {
  const answers = readPageData()[`/${path.replace(/^\/+/, '')}`];
  return answers && language in answers ? answers[language] : undefined;
};

/** Tells which path the app shows: any other than the one the page was sent for ends the sent answers. */
export const pageShown = (pathname: string) => {
  if (pathname !== sentFor) pageData = {};
};
