import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * How `npm run backup` reaches the server that holds the embedded database: at start the
 * server writes a random token and its address into a file in the data folder, readable and
 * writable by the folder's owner only (0600). Whoever can read it can read the database files
 * themselves, so the token grants nothing new; nobody else can learn it. The call also
 * refuses anything but a loopback connection.
 */
const TOKEN_FILE = '.backup-token';

const tokenFileSchema = z.object({
  pid: z.number().int(),
  url: z.string(),
  token: z.string().regex(/^[0-9a-f]{64}$/),
});
export type LocalToken = z.infer<typeof tokenFileSchema>;

export function newLocalToken(): string {
  return randomBytes(32).toString('hex');
}

export function tokenFileOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), TOKEN_FILE);
}

export async function writeLocalToken(dataDir: string, entry: LocalToken): Promise<void> {
  const file = tokenFileOf(dataDir);
  // Removed first: writeFile's mode applies only to a file it creates.
  await rm(file, { force: true });
  await writeFile(file, JSON.stringify(entry), { mode: 0o600, flag: 'wx' });
}

export async function readLocalToken(dataDir: string): Promise<LocalToken | null> {
  try {
    return tokenFileSchema.parse(JSON.parse(await readFile(tokenFileOf(dataDir), 'utf8')));
  } catch {
    return null;
  }
}

export async function removeLocalToken(dataDir: string): Promise<void> {
  await rm(tokenFileOf(dataDir), { force: true });
}

/** Compares in constant time, so the answer's timing says nothing about the token. */
export function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The address a local command uses for a server listening on `address`:`port`. */
export function localUrlOf(address: string, port: number): string {
  if (address === '0.0.0.0' || address === '::') return `http://127.0.0.1:${port}`;
  return address.includes(':') ? `http://[${address}]:${port}` : `http://${address}:${port}`;
}
