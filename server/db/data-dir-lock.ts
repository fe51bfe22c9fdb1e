/**
 * An exclusive lock on a PGlite data directory. Embedded PostgreSQL has no server to arbitrate: two
 * processes opening one directory each cache and write its files and silently lose and corrupt data.
 *
 * The lock is the kernel's: the server opens `<dir>.lock` and holds an exclusive flock(2) on that open
 * file for as long as it runs. The kernel drops the lock when the last descriptor of that open file
 * closes, which happens however the process ends (close, crash, kill -9, its container stopped), so no
 * lock outlives its holder and none is ever judged stale by a pid — a pid means nothing across PID
 * namespaces (in a container the server is pid 1 on every start). Node has no flock of its own, so a
 * short-lived child (`flock -xn 3`, util-linux or BusyBox; else Perl's flock) takes the lock on the
 * descriptor it shares with the server and exits; the lock stays with the server's descriptor. The
 * holder's pid is written into the file only to name it in the message a second server prints.
 * The file is never deleted: a path unlinked while another process waits to lock it would let two
 * processes each hold a lock on a different file. See docs/decisions.md.
 */
import { spawn } from 'node:child_process';
import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `The data directory ${dataDir} is in use by another server process${pid ? ` (pid ${pid})` : ''}. ` +
        `Stop that process, or give this one another DATA_DIR. (Lock file: ${dataDir}.lock)`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Exit code of both lockers when another open file holds the lock. */
const HELD = 1;

/** Commands that take a non-blocking exclusive flock(2) on descriptor 3, tried in order. */
const LOCKERS: readonly (readonly [string, readonly string[]])[] = [
  // util-linux (Debian, Ubuntu, RHEL) and BusyBox (Alpine).
  ['flock', ['-x', '-n', '3']],
  // Where no flock command is installed (macOS): Perl's flock is the same system call.
  ['perl', ['-MFcntl=:flock', '-e', 'open(my $fh, "+<&=", 3) or exit 2; flock($fh, LOCK_EX | LOCK_NB) or exit 1']],
];

type Outcome = 'locked' | 'held' | 'missing' | { failed: string };

const runLocker = (command: string, args: readonly string[], fd: number) =>
  new Promise<Outcome>((done) => {
    let stderr = '';
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe', fd] });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => done(error.code === 'ENOENT' ? 'missing' : { failed: error.message }));
    child.on('close', (code) => {
      if (code === 0) done('locked');
      else if (code === HELD) done('held');
      else done({ failed: `${command} exited with ${code}: ${stderr.trim()}` });
    });
  });

const holderPid = (file: string) => {
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
};

/** Takes the directory's lock or throws DataDirLockedError; release it when the database is closed. */
export const lockDataDir = async (dataDir: string): Promise<DataDirLock> => {
  const dir = resolve(dataDir);
  const file = `${dir}.lock`;
  // A descriptor of its own (not a FileHandle, which the garbage collector may close): the lock lives
  // exactly as long as this descriptor is open.
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
  const failures: string[] = [];
  try {
    for (const [command, args] of LOCKERS) {
      const outcome = await runLocker(command, args, fd);
      if (outcome === 'missing') continue;
      if (outcome === 'held') throw new DataDirLockedError(dir, holderPid(file));
      if (outcome === 'locked') {
        ftruncateSync(fd, 0);
        writeSync(fd, `${process.pid}\n`, 0);
        let released = false;
        return {
          release: async () => {
            if (released) return;
            released = true;
            closeSync(fd);
          },
        };
      }
      failures.push(outcome.failed);
    }
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  closeSync(fd);
  throw new Error(
    `Cannot lock the data directory ${dir}: ${failures.length ? failures.join('; ') : 'neither the flock command (util-linux) nor perl is installed'}.`,
  );
};
