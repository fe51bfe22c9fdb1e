/**
 * `npm start` runs the server compiled: this bundles server/main.ts (with contract/) into one ES
 * module, dist-server/main.js, so no TypeScript loader transforms code at run time. Packages stay
 * external (resolved from node_modules, as before; PGlite loads its own files). `npm run dev` keeps tsx.
 *
 * The server finds its migrations, images and the built SPA relative to its own source files
 * (`new URL('../assets/', import.meta.url)`); in one bundle every module would share the bundle's
 * URL, so each source file's `import.meta.url` is rewritten to that file's URL, computed relative to
 * the bundle, and the build keeps working wherever the checkout is moved.
 */
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = resolve(root, 'dist-server/main.js');

/** @type {import('esbuild').Plugin} */
const sourceImportMetaUrl = {
  name: 'source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(outfile), args.path).split(sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: ['server/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [sourceImportMetaUrl],
});
console.log(`[build-server] ${relative(root, outfile)} in ${Date.now() - started} ms`);
