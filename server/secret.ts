import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const randomSecret = () => randomBytes(48).toString('base64url');

/**
 * The token secret kept in `<dataDir>/secret` (owner-only), created on first start, so tokens survive
 * restarts without anyone having to configure TOKEN_SECRET.
 */
export const loadOrCreateSecret = async (dataDir: string): Promise<string> => {
  const file = join(dataDir, 'secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomSecret();
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};
