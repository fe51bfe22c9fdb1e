/**
 * Global setup of the projects whose tests start servers (unit, unit-pg, e2e): migrates and seeds one
 * database before any test file runs and hands it to them (server/testing.ts), so each file copies it
 * instead of migrating and seeding its own — on PGlite a data-directory dump, on the project's
 * TEST_DATABASE_URL server a template database. Removed when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { createSeededDatabase } from '../server/testing';

export default async function setup(project: TestProject) {
  const { seeded, remove } = await createSeededDatabase(project.config.env.TEST_DATABASE_URL || undefined);
  project.provide('seededDatabase', seeded);
  return remove;
}
