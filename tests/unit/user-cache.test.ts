/** The signed-in user's row kept for a moment (server/auth/user-cache.ts): fewer reads, no stale revocations. */
import { describe, expect, it } from 'vitest';
import { findFreshUser, forgetUser, USER_FRESH_MS } from '../../server/auth/user-cache';
import type { QueryResult, Queryable } from '../../server/db/db';
import type { UserRow } from '../../server/auth/users.repo';

const row = (passwordVersion: number): UserRow => ({
  id: 7,
  email: 'a@example.com',
  password_hash: 'x',
  password_version: passwordVersion,
  name: 'A',
  partner_id: 1,
  register: null,
  phone: null,
  is_staff: false,
  credit_med_eligible: false,
});

/** A database whose users table holds one row; counts reads and can hold a read until released. */
const fakeDb = () => {
  let current: UserRow | undefined = row(1);
  let hold: Promise<void> | undefined;
  const db = {
    reads: 0,
    set: (next: UserRow | undefined) => void (current = next),
    holdNextRead: () => {
      let release = () => {};
      hold = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    async query<T>(): Promise<QueryResult<T>> {
      db.reads += 1;
      const answer = current;
      const waiting = hold;
      hold = undefined;
      if (waiting) await waiting;
      return { rows: (answer ? [answer] : []) as T[] };
    },
    exec: async () => {},
  };
  return db satisfies Queryable;
};

describe('the signed-in user kept in memory', () => {
  it('reads the row once while it is fresh, and again once USER_FRESH_MS have passed', async () => {
    const db = fakeDb();
    let now = 1_000;
    const clock = () => now;
    expect((await findFreshUser(db, 7, clock))?.password_version).toBe(1);
    db.set(row(2));
    now += USER_FRESH_MS - 1;
    expect((await findFreshUser(db, 7, clock))?.password_version).toBe(1);
    expect(db.reads).toBe(1);
    now += 1;
    expect((await findFreshUser(db, 7, clock))?.password_version).toBe(2);
    expect(db.reads).toBe(2);
  });

  it('reads the row afresh at once after a change made here', async () => {
    const db = fakeDb();
    const clock = () => 5_000;
    await findFreshUser(db, 7, clock);
    db.set(row(2));
    forgetUser(db, 7);
    expect((await findFreshUser(db, 7, clock))?.password_version).toBe(2);
  });

  it('does not keep a read that was under way when the row was forgotten', async () => {
    const db = fakeDb();
    const clock = () => 9_000;
    const release = db.holdNextRead();
    const before = findFreshUser(db, 7, clock);
    // The change commits and is forgotten while the read of the old row is still on its way back.
    db.set(row(2));
    forgetUser(db, 7);
    release();
    expect((await before)?.password_version).toBe(1);
    expect((await findFreshUser(db, 7, clock))?.password_version).toBe(2);
  });

  it('keeps no missing user, and keeps each database apart', async () => {
    const gone = fakeDb();
    gone.set(undefined);
    const clock = () => 1;
    expect(await findFreshUser(gone, 7, clock)).toBeUndefined();
    gone.set(row(3));
    expect((await findFreshUser(gone, 7, clock))?.password_version).toBe(3);
    const other = fakeDb();
    expect((await findFreshUser(other, 7, clock))?.password_version).toBe(1);
  });
});
