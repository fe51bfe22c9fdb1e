/**
 * Every module of machines/ loads: XState checks a configuration when the machine is created (an
 * unknown target, a compound state without an initial one), so a broken configuration throws on
 * import. Here that is a named failing test; in a file that imports the machine it would only crash
 * the file, which a mutation tool does not count as a failure.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = join(import.meta.dirname, '..', '..', 'machines');
const modules = readdirSync(folder).filter((file) => file.endsWith('.ts')).sort();

describe('machine modules', () => {
  it('are found', () => {
    expect(modules).toContain('auth.machine.ts');
  });

  for (const file of modules) {
    it(`${file} loads (a machine it creates has a valid configuration)`, async () => {
      const exported: Record<string, unknown> = await import(join(folder, file));
      expect(Object.keys(exported).length).toBeGreaterThan(0);
    });
  }
});
