/**
 * A build plugin that writes `.vite/page-heads.json` beside Vite's manifest: every route of the route
 * table, in its order (the server takes the first whose pattern matches, as the app does), with its
 * page head (src/app/page-heads.ts) resolved to its texts in both languages, or null. The server draws
 * the head in the page's HTML (server/http/page-heads.ts).
 *
 * A head's texts must be plain: a key that is missing, or a text with `{{…}}` or markup, fails the
 * build, since the server would otherwise draw something the page does not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGES } from '../server/http/language.ts';
import { PAGE_HEADS_FILE, type HeadTexts, type PageHeads } from '../server/http/page-heads.ts';
import { PAGE_HEADS } from '../src/app/page-heads.ts';
import { readRouteModules } from './route-modules.ts';

/** The text of `namespace:path.to.key` in `language`, from src/locales; an Error's message when it cannot be drawn as it is. */
export const headText = (root: string, language: string, key: string): string => {
  const [namespace, path] = key.split(':');
  if (!namespace || !path) throw new Error(`page-heads: "${key}" is not namespace:key`);
  let value: unknown = JSON.parse(readFileSync(join(root, 'src/locales', language, `${namespace}.json`), 'utf8'));
  for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  if (typeof value !== 'string') throw new Error(`page-heads: no ${language} text for "${key}"`);
  if (/\{\{|<|\$t\(/.test(value)) throw new Error(`page-heads: the ${language} text of "${key}" is not plain (interpolation or markup)`);
  return value;
};

export function pageHeads(): Plugin {
  let root = process.cwd();
  return {
    name: 'page-heads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle() {
      const written: PageHeads = { heads: {} };
      for (const { name } of readRouteModules()) {
        const head = PAGE_HEADS[name];
        if (!head) {
          written.heads[name] = null;
          continue;
        }
        try {
          const texts = (language: string): HeadTexts => ({
            ...(head.eyebrow ? { eyebrow: headText(root, language, head.eyebrow) } : {}),
            title: headText(root, language, head.title),
            ...(head.lead ? { lead: headText(root, language, head.lead) } : {}),
          });
          written.heads[name] = { frame: head.frame, ...Object.fromEntries(LANGUAGES.map((language) => [language, texts(language)])) } as PageHeads['heads'][string];
        } catch (error) {
          this.error(error instanceof Error ? error.message : String(error));
        }
      }
      this.emitFile({ type: 'asset', fileName: PAGE_HEADS_FILE, source: `${JSON.stringify(written, null, 1)}\n` });
    },
  };
}
