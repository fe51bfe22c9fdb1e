/**
 * An exclusive lock on a PGlite data directory. Embedded PostgreSQL has no server to arbitrate: two
 * processes opening one directory each cache and write its files and silently lose and corrupt data.
 * The first process creates `<dir>.lock` (O_EXCL) holding its pid; a second one finds it held by a
 * live process and stops at once with a message naming the directory. A lock left by a process that
 * died (kill -9, a crash) names a pid that no longer runs and is taken over.
 */
import { open, readFile, unlink } from 'node:fs/promises';
import { resolve } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another server process (pid ${pid}). ` +
        `Stop that process, or give this one another DATA_DIR. (Lock file: ${dataDir}.lock)`,
    );
    this.name = 'DataDirLockedError';
  }
}

const isRunning = (pid: number) => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export interface DataDirLock {
  release(): Promise<void>;
}

/** Takes the directory's lock or throws DataDirLockedError; release it when the database is closed. */
export const lockDataDir = async (dataDir: string): Promise<DataDirLock> => {
  const dir = resolve(dataDir);
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          await unlink(file).catch(() => {});
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (isRunning(holder)) throw new DataDirLockedError(dir, holder);
    // A stale lock (its process is gone): remove it and try again; O_EXCL lets one taker win.
    await unlink(file).catch(() => {});
  }
  throw new DataDirLockedError(dir, Number((await readFile(file, 'utf8').catch(() => '0')).trim()));
};
