/**
 * What a public page reads first, sent with the page itself so it can be drawn without waiting for a
 * second round trip: the answers of its first public API reads, in both languages (the page's
 * language is the browser's stored choice, which the server does not see), as one JSON script, and a
 * preload of the image that is the page's largest element. The client takes each answer once
 * (src/api/page-data.ts); later reads go to the API as usual.
 *
 * A page whose largest element is an image can also have that image's box drawn in the shell
 * index.html shows before the scripts run (the home page's hero, without its words, which depend on
 * the language): the user sees it with the HTML, and React then draws the same box in its place.
 *
 * The answers come from the app itself (`read`, an in-process request through the same routes), so
 * they are exactly what the API would send, from the same content cache.
 */
import { matchPattern, routePaths, type RouteName } from '../../contract/paths';
import { LANGUAGES } from './language';

/** The id of the script the client reads (src/api/page-data.ts). */
export const PAGE_DATA_ID = 'page-data';

interface FirstReads {
  /** The API paths the page reads first (public, the same for everyone). */
  reads: (params: Record<string, string>) => string[];
  /** The page's largest image, from the first read's answer (preloaded with high priority). */
  image?: (answer: unknown) => string | undefined;
  /** The box around that image, drawn in the shell; its classes and the page's are the same, in src/styles/base.css. */
  shell?: (image: string) => string;
}

const stringField = (value: unknown, field: string) => {
  const found = value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
  return typeof found === 'string' && found.startsWith('/') ? found : undefined;
};

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The public pages and what each reads first. */
const FIRST_READS: Partial<Record<RouteName, FirstReads>> = {
  home: {
    reads: () => ['/api/home/'],
    image: (home) => stringField(home, 'image'),
    // The markup src/features/home/hero-section.tsx draws, less the words: hidden, as it is decoration.
    shell: (image) =>
      `<div class="home-hero" aria-hidden="true"><div class="home-hero__media"><img src="${escapeAttribute(image)}" alt="" width="1920" height="720" fetchpriority="high" class="home-hero__image"></div></div>`,
  },
  insuranceList: {
    reads: () => ['/api/products/'],
    // The first card's picture: the largest element of the list on a phone (the list unfiltered).
    image: (list) => {
      const products = list && typeof list === 'object' ? (list as { products?: unknown }).products : undefined;
      return Array.isArray(products) ? stringField(products[0], 'image') : undefined;
    },
  },
  insuranceDetail: { reads: ({ id = '' }) => (/^\d{1,9}$/.test(id) ? [`/api/products/${id}/`] : []), image: (product) => stringField(product, 'image') },
  // The mining registration's pages read the programme first (its welcome text is the page's largest element).
  ...Object.fromEntries(
    (['ot', 'otRegister', 'otRegisterConfirm', 'otRegisterInsurer', 'otRegisterBeneficiaries', 'otRegisterImages', 'otRegisterResult'] as const).map((name) => [
      name,
      { reads: () => ['/api/mining/programme/'] },
    ]),
  ),
};

/** An API answer as the server would send it to a browser asking in `language`; undefined when not 200. */
export type ReadAnswer = (path: string, language: string) => Promise<unknown>;

/** `<` and the line separators JSON allows but a script does not, escaped so the JSON cannot end the script. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** What the server adds to index.html for a page: at the end of `<head>`, and in the shell's slot. */
export interface PageMarkup {
  head: string;
  shell: string;
}

/** No markup: a page that reads nothing public first. */
export const NO_PAGE_MARKUP: PageMarkup = { head: '', shell: '' };

/**
 * The markup for `pathname`: the preload and the data script, and the shell's box; empty when the
 * page reads nothing public first (or a read fails: the client then asks the API itself).
 */
export async function pageDataMarkup(pathname: string, read: ReadAnswer): Promise<PageMarkup> {
  let first: FirstReads | undefined;
  let params: Record<string, string> | null = null;
  for (const [name, reads] of Object.entries(FIRST_READS)) {
    params = matchPattern(routePaths[name as RouteName].pattern, pathname);
    if (params) {
      first = reads;
      break;
    }
  }
  if (!first || !params) return NO_PAGE_MARKUP;
  const data: Record<string, Record<string, unknown>> = {};
  for (const path of first.reads(params)) {
    const answers = await Promise.all(LANGUAGES.map(async (language) => [language, await read(path, language)] as const));
    const present = answers.filter(([, answer]) => answer !== undefined);
    if (present.length > 0) data[path] = Object.fromEntries(present);
  }
  const paths = Object.keys(data);
  if (paths.length === 0) return NO_PAGE_MARKUP;
  const firstAnswer = Object.values(data[paths[0] as string] ?? {})[0];
  const image = first.image?.(firstAnswer);
  const preload = image ? `<link rel="preload" as="image" href="${escapeAttribute(image)}" fetchpriority="high">\n` : '';
  return {
    head: `${preload}<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafe(JSON.stringify(data))}</script>\n`,
    shell: image && first.shell ? first.shell(image) : '',
  };
}
