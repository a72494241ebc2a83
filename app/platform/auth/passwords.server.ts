import crypto from "node:crypto";
import { hash, parseOptions, verify, type Options } from "@node-rs/argon2";

/* Admin passwords: argon2id hashing and checking. */

/** argon2id, 19 MiB, 2 passes, 1 lane (OWASP's minimum recommendation). */
export const ARGON2_OPTIONS: Options = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker settings than today's and should be replaced. */
export function needsRehash(stored: string): boolean {
  try {
    const o = parseOptions(stored);
    return (
      o.algorithm !== 2 || o.memoryCost < ARGON2_OPTIONS.memoryCost! || o.timeCost < ARGON2_OPTIONS.timeCost!
    );
  } catch {
    return true;
  }
}

/** A hash of a random secret: verifying against it when the email is unknown costs the same time. */
let dummyHash: Promise<string> | undefined;
export function dummy(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(24).toString("base64url"));
  return dummyHash;
}
