import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";

/*
 * Staff second-factor secrets, and the services' keys saved in the admin (service-keys.server.ts), encrypted
 * at rest: AES-256-GCM, a fresh 12-byte nonce per secret, stored as "v1.<nonce>.<tag>.<ciphertext>" (base64url). The key is ADMIN_SECRETS_KEY; without it a random key is
 * made once in DATA_DIR/secrets/admin-secrets.key (mode 0600) and start-up says so (describeSecretsKey).
 * A database dump alone (a backup, a leaked copy) then holds no usable authenticator secret or service key.
 */

let cached: { source: string; key: Buffer } | undefined;

function keyFile(): string {
  return path.join(env().DATA_DIR, "secrets", "admin-secrets.key");
}

function decode(value: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
}

function secretsKey(): Buffer {
  const configured = env().ADMIN_SECRETS_KEY;
  const source = configured ? "env" : keyFile();
  if (cached?.source === source) return cached.key;
  let key: Buffer;
  if (configured) key = decode(configured);
  else {
    const file = keyFile();
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      try {
        fs.writeFileSync(file, crypto.randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
      } catch (error) {
        // Another instance made it first: read theirs.
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
    key = decode(fs.readFileSync(file, "utf8").trim());
  }
  if (key.length !== 32) throw new Error("ADMIN_SECRETS_KEY must be 32 bytes");
  cached = { source, key };
  return key;
}

/** The start-up line about the key (logged by server/main.ts). */
export function describeSecretsKey(): { level: "info" | "warn"; message: string } {
  if (env().ADMIN_SECRETS_KEY)
    return {
      level: "info",
      message: "staff second-factor secrets and saved service keys: encrypted with ADMIN_SECRETS_KEY",
    };
  return {
    level: "warn",
    message: `ADMIN_SECRETS_KEY is not set: staff second-factor secrets and saved service keys are encrypted with a key generated in ${keyFile()}. Set ADMIN_SECRETS_KEY (openssl rand -base64 32) to keep the key apart from the data and its backups.`,
  };
}

export function sealSecret(plain: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", secretsKey(), nonce);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const parts = [nonce, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
  return `v1.${parts.join(".")}`;
}

/** The plain secret, or null when it cannot be opened (another key, or a changed value). */
export function openSecret(sealed: string, what = "a staff second-factor secret"): string | null {
  const [version, nonce, tag, body] = sealed.split(".");
  if (version !== "v1" || !nonce || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", secretsKey(), Buffer.from(nonce, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    logger.error(`${what} could not be opened: is ADMIN_SECRETS_KEY the one it was sealed with?`);
    return null;
  }
}
