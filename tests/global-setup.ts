/**
 * Global setup of the projects whose tests start servers (unit, unit-pg, e2e and their isolated
 * twins): migrates and seeds one database before any test file runs and hands it to them
 * (server/testing.ts), so each file copies it instead of migrating and seeding its own — on PGlite a
 * data-directory dump, on the project's TEST_DATABASE_URL server a template database.
 *
 * Projects on the same database share one seeding (a PGlite seeding costs about 12 s of CPU): the
 * first to start makes it, the last to finish removes it.
 */
import type { TestProject } from 'vitest/node';
import { createSeededDatabase, type SeededDatabase } from '../server/testing';

interface Shared {
  made: Promise<{ seeded: SeededDatabase; remove: () => Promise<void> }>;
  users: number;
}

// On globalThis: vitest may load this module once per project.
const KEY = Symbol.for('nar-life.tests.seeded-databases');
const registry = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Map<string, Shared>()) as Map<string, Shared>;

export default async function setup(project: TestProject) {
  const serverUrl = project.config.env.TEST_DATABASE_URL || undefined;
  const key = serverUrl ?? 'pglite';
  let shared = registry.get(key);
  if (!shared) {
    shared = { made: createSeededDatabase(serverUrl), users: 0 };
    registry.set(key, shared);
  }
  shared.users += 1;
  const { seeded, remove } = await shared.made;
  project.provide('seededDatabase', seeded);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    registry.delete(key);
    await remove();
  };
}
