/**
 * What a site is expected to have besides its pages (issue 24): a description and Open Graph tags on
 * every public page, in the page's language, written into index.html by the server (link previews and
 * crawlers do not run the app); robots.txt; and sitemap.xml listing the public pages, every product
 * of the catalogue among them.
 *
 * The words are the app's own (`meta.*`, `titles.*` and `site.name` of src/locales/<language>/common.json,
 * read once from the files, so the client, which updates the description on a language switch, and the
 * server say the same); a product page's come from the catalogue's answer for that product. The page's
 * language is the browser's `Accept-Language` (the language a visitor chose is kept in the browser,
 * which the server does not see): English when it asks for English first, else Mongolian.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routePaths, type RouteName } from '../../contract/paths';
import { LANGUAGES, type Language } from './language';
import type { ReadAnswer } from './page-data';

const LOCALES_DIR = fileURLToPath(new URL('../../src/locales/', import.meta.url));

interface CommonTexts {
  site: { name: string };
  titles: Record<string, string>;
  meta: Record<string, string>;
}

let texts: Record<Language, CommonTexts> | undefined;
const textsOf = (language: Language): CommonTexts => {
  texts ??= Object.fromEntries(
    LANGUAGES.map((each) => [each, JSON.parse(readFileSync(`${LOCALES_DIR}${each}/common.json`, 'utf8')) as CommonTexts]),
  ) as Record<Language, CommonTexts>;
  return texts[language];
};

/** The public pages a search engine may list, in the sitemap's order; a product page per product follows the catalogue. */
export const PUBLIC_PAGES = ['home', 'insuranceList', 'insuranceDetail', 'ot', 'login'] as const satisfies readonly RouteName[];
type PublicPage = (typeof PUBLIC_PAGES)[number];

/** The locale of each language in Open Graph's spelling. */
const OG_LOCALE: Record<Language, string> = { mn: 'mn_MN', en: 'en_US' };

/** The picture a link preview shows when the page has none of its own: the app's icon. */
const SITE_IMAGE = '/icons/icon-512.png';

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html's own description, which the page's replaces. */
export const DESCRIPTION_TAG = /<meta name="description" content="[^"]*"\s*\/?>/;

const field = (value: unknown, name: string) => {
  const found = value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
  return typeof found === 'string' && found.trim() ? found : undefined;
};

interface PageMeta {
  title: string;
  description: string;
  image: string;
}

const metaOf = async (page: PublicPage, params: Record<string, string>, language: Language, read?: ReadAnswer): Promise<PageMeta | undefined> => {
  const common = textsOf(language);
  const site = common.site.name;
  if (page === 'insuranceDetail') {
    if (!read || !/^\d{1,9}$/.test(params.id ?? '')) return undefined;
    const product = await read(`/api/products/${params.id}/`, language);
    const name = field(product, 'name');
    if (!name) return undefined; // No such product: the page says so, and gets no preview.
    const image = field(product, 'image');
    return {
      title: `${name} | ${site}`,
      description: field(product, 'summary') ?? common.meta.insuranceList ?? '',
      image: image?.startsWith('/') ? image : SITE_IMAGE,
    };
  }
  return {
    title: `${common.titles[page] ?? site} | ${site}`,
    description: common.meta[page] ?? common.meta.default ?? '',
    image: SITE_IMAGE,
  };
};

/**
 * The description and Open Graph tags of a public page, in `language`, to put in place of index.html's
 * description; undefined for any other page (it keeps index.html's, in both languages).
 */
export async function pageMetaMarkup(pathname: string, origin: string, language: Language, read?: ReadAnswer): Promise<string | undefined> {
  for (const page of PUBLIC_PAGES) {
    const params = routePaths[page].match(pathname);
    if (!params) continue;
    const meta = await metaOf(page, params, language, read);
    if (!meta) return undefined;
    const property = (name: string, content: string) => `<meta property="og:${name}" content="${escapeHtml(content)}" />`;
    return [
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      property('type', 'website'),
      property('site_name', textsOf(language).site.name),
      property('title', meta.title),
      property('description', meta.description),
      property('url', `${origin}${pathname}`),
      property('image', `${origin}${meta.image}`),
      property('locale', OG_LOCALE[language]),
      ...LANGUAGES.filter((other) => other !== language).map((other) => property('locale:alternate', OG_LOCALE[other])),
    ].join('\n    ');
  }
  return undefined;
}

/** robots.txt: everything public may be crawled; the signed-in area, the purchase's drafts and the API not. */
export const robotsTxt = (origin: string) =>
  ['User-agent: *', 'Disallow: /user', 'Disallow: /credit-med', 'Disallow: /insurance/buy/', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');

/** The product ids of the catalogue's answer (what is on sale), in its order. */
const productIdsOf = (catalogue: unknown): number[] => {
  const products = catalogue && typeof catalogue === 'object' ? (catalogue as { products?: unknown }).products : undefined;
  return Array.isArray(products)
    ? products.map((product) => (product as { id?: unknown }).id).filter((id): id is number => Number.isInteger(id))
    : [];
};

/** sitemap.xml: the public pages, with a product page for every product of the catalogue. */
export async function sitemapXml(origin: string, read?: ReadAnswer): Promise<string> {
  const ids = read ? productIdsOf(await read('/api/products/', 'mn')) : [];
  const paths = PUBLIC_PAGES.flatMap((page) =>
    page === 'insuranceDetail' ? ids.map((id) => routePaths.insuranceDetail.build({ id })) : [routePaths[page].build()],
  );
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
