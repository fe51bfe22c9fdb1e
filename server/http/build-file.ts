/**
 * Files the build writes beside Vite's manifest for the server (`.vite/route-preloads.json`,
 * `.vite/page-heads.json`), read once per build and checked, and the route of the route table a
 * path belongs to in them.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { routePaths, type RouteName } from '../../contract/paths';

/**
 * Reads `file` of the build in `distDir`, again when the build changed: `buildId` is what identifies
 * a build (the index.html the page is made from, whose entry's name carries the build's hash).
 * Undefined when the file is missing (an older build), unreadable or not what `isValid` accepts.
 */
export const buildFileOf = <T>(distDir: string, file: string, isValid: (value: unknown) => value is T) => {
  let last: { buildId: string; content: Promise<T | undefined> } | undefined;
  return (buildId: string) => {
    if (last?.buildId !== buildId) {
      const content = readFile(join(distDir, file), 'utf8')
        .then((text) => {
          const parsed: unknown = JSON.parse(text);
          return isValid(parsed) ? parsed : undefined;
        })
        .catch(() => undefined);
      last = { buildId, content };
    }
    return last.content;
  };
};

/** Of `names` (route names in the route table's order), the first whose pattern matches `pathname`, as in the client's table. */
export const routeOfPath = (names: string[], pathname: string): string | undefined =>
  names.find((name) => routePaths[name as RouteName]?.match(pathname));
