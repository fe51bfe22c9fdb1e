/**
 * A build plugin that writes `.vite/route-preloads.json` beside Vite's manifest: for every route of the
 * route table, the script files its page needs beyond the entry (its lazy layout and view with all they
 * import, and the Mongolian texts its modules ask i18next for) and its stylesheets. The server puts
 * them in the page as `<link rel="modulepreload">` and `<link rel="preload" as="style">`
 * (server/http/route-preloads.ts), so the browser fetches them with the entry instead of one after
 * another: entry, then the page's chunk, then the texts the page's first render asks for. On a phone
 * network each of those steps is a round trip (LCP, docs/performance.md).
 *
 * The texts: a module's namespaces are the string literals in its `useTranslation(…)` calls, the values
 * of its `…NAMESPACE = '…'` constants and the `'ns:key'` prefixes it uses, kept when they name one of
 * the Mongolian namespaces loaded on demand (src/platform/i18n.ts). A namespace this misses is fetched
 * when the page asks for it, as before, only later; `npm run bench` lists what a page loaded that was
 * not predicted.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../server/http/route-preloads.ts';
import { readRouteModules } from './route-modules.ts';

const MONGOLIAN_TEXTS = /^src\/locales\/mn\/([\w-]+)\.json$/;

/** The namespaces a module's source names (see above), before they are checked against the real ones. */
export const namespacesNamedIn = (source: string): Set<string> => {
  const names = new Set<string>();
  for (const [, args = ''] of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    for (const [, name] of args.matchAll(/['"`]([\w-]+)['"`]/g)) if (name) names.add(name);
  }
  for (const [, name] of source.matchAll(/NAMESPACE\s*=\s*['"`]([\w-]+)['"`]/g)) if (name) names.add(name);
  for (const [, name] of source.matchAll(/['"`]([a-zA-Z][\w-]*):[a-zA-Z]/g)) if (name) names.add(name);
  return names;
};

export function routePreloads(): Plugin {
  let root = process.cwd();
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const moduleOf = (id: string | null) => (id ? relative(root, id.split('?')[0] ?? '').replace(/\\/g, '/') : '');
      const withoutExtension = (id: string) => moduleOf(id).replace(/\.[jt]sx?$/, '');
      // A lazy module's chunk: the one it is the facade of or, when it is also imported statically
      // elsewhere (the user layout, which the Credit Med layout draws), the dynamic entry that holds it.
      const chunkOf = (module: string) =>
        chunks.find((chunk) => chunk.facadeModuleId && withoutExtension(chunk.facadeModuleId) === module) ??
        chunks.find((chunk) => chunk.isDynamicEntry && chunk.moduleIds.some((id) => withoutExtension(id) === module)) ??
        chunks.find((chunk) => chunk.moduleIds.some((id) => withoutExtension(id) === module));
      const closure = (chunk: OutputChunk, seen = new Set<OutputChunk>()) => {
        if (seen.has(chunk)) return seen;
        seen.add(chunk);
        for (const file of chunk.imports) {
          const imported = byFile.get(file);
          if (imported) closure(imported, seen);
        }
        return seen;
      };
      const entry = new Set<OutputChunk>();
      for (const chunk of chunks) if (chunk.isEntry) closure(chunk, entry);
      const texts = new Map<string, OutputChunk>();
      for (const chunk of chunks) {
        const match = MONGOLIAN_TEXTS.exec(moduleOf(chunk.facadeModuleId));
        if (match?.[1]) texts.set(match[1], chunk);
      }
      const sources = new Map<string, Set<string>>();
      const namespacesOf = (id: string) => {
        let names = sources.get(id);
        if (!names) {
          const module = moduleOf(id);
          names = module.startsWith('src/') && /\.[jt]sx?$/.test(module) ? namespacesNamedIn(readFileSync(id.split('?')[0] ?? '', 'utf8')) : new Set();
          sources.set(id, names);
        }
        return names;
      };

      const preloads: RoutePreloads = { routes: {} };
      for (const route of readRouteModules()) {
        const needed = new Set<OutputChunk>();
        for (const module of route.modules) {
          const chunk = chunkOf(module);
          if (!chunk) this.error(`route-preloads: no chunk holds ${module} (route ${route.name})`);
          closure(chunk, needed);
        }
        const own = [...needed].filter((chunk) => !entry.has(chunk));
        for (const chunk of own) {
          for (const id of chunk.moduleIds) {
            for (const name of namespacesOf(id)) {
              const text = texts.get(name);
              if (text) closure(text, needed);
            }
          }
        }
        const scripts = [...needed].filter((chunk) => !entry.has(chunk));
        preloads.routes[route.name] = {
          scripts: scripts.map((chunk) => chunk.fileName),
          styles: [...new Set(scripts.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))],
        };
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
}
