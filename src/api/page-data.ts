/**
 * The answers of a public page's first API reads, sent with the page by the server
 * (server/http/page-data.ts) as `{ "/api/home/": { "mn": …, "en": … } }`. Each is taken once: the
 * first read of that path in that language uses it instead of a round trip, every later read (a
 * retry, coming back to the page) asks the API.
 */
const PAGE_DATA_ID = 'page-data';

let pageData: Record<string, Record<string, unknown>> | undefined;

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

/** The page's answer for `path` ('api/home/') in `language`, once; undefined when the page has none. */
export const takePageData = (path: string, language: string): unknown => {
  const answers = readPageData()[`/${path.replace(/^\/+/, '')}`];
  if (!answers || !(language in answers)) return undefined;
  const answer = answers[language];
  delete answers[language];
  return answer;
};
