/**
 * Plain SQL migrations: `migrations/NNN_name.sql`, applied in order at start, each in its own
 * transaction and recorded in `schema_migrations`. An advisory lock makes replicas that start together
 * apply each file once. Applied files must never change; add a new file instead.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const FILE_RE = /^(\d{3,})_([a-z0-9_]+)\.sql$/;
/** An arbitrary constant shared by every replica of this server. */
const MIGRATION_LOCK = 724_301;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** The migration files of `dir`, sorted by version; a duplicate version is an error. */
export const loadMigrations = async (dir = MIGRATIONS_DIR): Promise<Migration[]> => {
  const files = (await readdir(dir)).filter((file) => FILE_RE.test(file)).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const [, version = '', name = ''] = FILE_RE.exec(file) ?? [];
    if (migrations.some((m) => m.version === version)) throw new Error(`Duplicate migration version ${version}`);
    migrations.push({ version, name, sql: await readFile(join(dir, file), 'utf8') });
  }
  return migrations;
};

/** Applies every pending migration; returns the versions it applied. */
export const migrate = async (db: Db, dir = MIGRATIONS_DIR): Promise<string[]> => {
  const migrations = await loadMigrations(dir);
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`create table if not exists schema_migrations (
      version text primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const { rows } = await tx.query('select 1 from schema_migrations where version = $1', [migration.version]);
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
};
