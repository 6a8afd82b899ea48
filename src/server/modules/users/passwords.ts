import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane): about 10 ms per hash on 2 cores. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a random password: verifying against it when the user does not exist
 * makes a failed login take as long as a wrong password, so timing does not reveal names.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummyHash;
}
