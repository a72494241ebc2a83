import { eq, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/platform/audit.server";
import { openSecret, sealSecret } from "~/platform/auth/secret-box.server";
import { db, dbConnected } from "~/platform/db/client.server";
import { serviceKeys as keysTable } from "~/platform/db/tables.server";
import { env, type Env } from "~/platform/env.server";
import { eventListenerConnected, subscribe } from "~/platform/events.server";
import { logger } from "~/platform/logger.server";
import {
  KEY_NAMES,
  SERVICE_KEYS,
  SERVICES,
  SERVICE_TITLES,
  keyHint,
  keyLabel,
  keyTitle,
  keysOf,
  type KeyName,
  type Service,
} from "~/shared/service-keys";

/*
 * The services' keys (issue 42, decision 055): Razorpay, Shiprocket, WhatsApp and SMTP keys are environment
 * variables, or keys the Owner saved in Settings > Keys (table service_keys, sealed with the shop's secrets
 * key). An environment variable that is set wins. Every reader asks serviceEnv() (the environment with the
 * saved keys laid under it) instead of env(): a key saved on any instance is used without a restart. This
 * instance keeps the opened keys in memory, read again when a change is announced (NOTIFY, migration 0042),
 * when it saves one, and after a minute (2 seconds while it is not listening).
 */

type Saved = Partial<Record<KeyName, string>>;
type Cache = { db: string; keys: Saved; loadedAt: number };

const TTL_LISTENING_MS = 60_000;
const TTL_NOT_LISTENING_MS = 2_000;

let cache: Cache | null = null;
let generation = 0;
let inflight: { generation: number; db: string; promise: Promise<Cache> } | null = null;
/** Set at start-up: a copy not read yet is read in the background by the first reader that cannot wait. */
let autoload = false;

/** The database the copy belongs to (another test file, a restored shop: another database, another copy). */
const databaseOf = (e: Env = env()) => `${e.DATABASE_URL ?? ""}\n${e.DATA_DIR}`;

async function read(key: string): Promise<Cache> {
  const gen = generation;
  const rows = await db().select({ name: keysTable.name, sealed: keysTable.sealed }).from(keysTable);
  const keys: Saved = {};
  for (const r of rows) {
    if (!Object.hasOwn(SERVICE_KEYS, r.name)) continue;
    const name = r.name as KeyName;
    const plain = openSecret(r.sealed, `the saved ${keyTitle(name)}`);
    if (plain !== null) keys[name] = plain;
  }
  const loaded = { db: key, keys, loadedAt: Date.now() };
  // A change announced while this was reading is not overwritten by the older copy.
  if (gen === generation) cache = loaded;
  return loaded;
}

const ttl = () => (eventListenerConnected() ? TTL_LISTENING_MS : TTL_NOT_LISTENING_MS);

/** The keys saved in the admin, opened (fresh: a change saved on any instance shows at once). */
export async function loadServiceKeys(): Promise<Saved> {
  const key = databaseOf();
  if (cache && cache.db === key && Date.now() - cache.loadedAt < ttl()) return cache.keys;
  if (!inflight || inflight.generation !== generation || inflight.db !== key) {
    const entry = { generation, db: key, promise: read(key) };
    inflight = entry;
    entry.promise
      .finally(() => {
        if (inflight === entry) inflight = null;
      })
      .catch(() => undefined);
  }
  return (await inflight.promise).keys;
}

function refreshInBackground(): void {
  // A stopping shop has closed its database while a last response may still be rendered: it keeps the copy it has.
  if (!dbConnected()) return;
  loadServiceKeys().catch((err: unknown) =>
    logger.error({ err: err instanceof Error ? err.message : String(err) }, "saved service keys not read"),
  );
}

/** Start-up: read the saved keys before the first request, and keep them fresh from then on. */
export async function startServiceKeys(): Promise<void> {
  autoload = true;
  await loadServiceKeys();
}

/** Mark this instance's copy out of date: the next read loads it again. */
export function invalidateServiceKeys(): void {
  generation++;
  if (cache) cache = { ...cache, loadedAt: Number.NEGATIVE_INFINITY };
}

subscribe((event) => {
  if (event.channel !== "resync" && event.table !== "service_keys") return;
  invalidateServiceKeys();
  // Readers that cannot wait (serviceEnv) see the change as soon as it is read.
  if (cache?.db === databaseOf()) refreshInBackground();
});

const NONE: Saved = Object.freeze({});

/** The saved keys this instance holds now, for readers that cannot wait; an old copy is refreshed meanwhile. */
function savedNow(e: Env): Saved {
  if (!cache || cache.db !== databaseOf(e)) {
    if (autoload) refreshInBackground();
    return NONE;
  }
  if (Date.now() - cache.loadedAt >= ttl()) refreshInBackground();
  return cache.keys;
}

let overlay: { env: Env; keys: Saved; result: Env } | null = null;

/**
 * The environment as the services use it: each key from its environment variable when that is set, else
 * the key saved in the admin. The same object while nothing changed (callers may compare it).
 */
export function serviceEnv(e: Env = env()): Env {
  const keys = savedNow(e);
  if (overlay && overlay.env === e && overlay.keys === keys) return overlay.result;
  const laid: Record<string, unknown> = { ...e };
  let changed = false;
  for (const name of KEY_NAMES) {
    if (e[name] === undefined && keys[name] !== undefined) {
      laid[name] = keys[name];
      changed = true;
    }
  }
  const result = changed ? (laid as Env) : e;
  overlay = { env: e, keys, result };
  return result;
}

/** serviceEnv() after reading the saved keys when this instance's copy is old. */
export async function freshServiceEnv(e?: Env): Promise<Env> {
  await loadServiceKeys();
  return serviceEnv(e);
}

export type KeySource = "env" | "saved" | "none";

/** Where a key comes from: its environment variable, a key saved in the admin, or nowhere. */
export function keySource(name: KeyName, e: Env, saved: Saved): KeySource {
  if (e[name] !== undefined) return "env";
  return saved[name] !== undefined ? "saved" : "none";
}

export type KeyChange = { name: KeyName; value: string | null };

/**
 * Save or clear keys (null clears), each change one audit row that names the key and never its value
 * ("Razorpay key secret changed"); a value the key already holds changes nothing. Every instance uses the
 * keys at once. Returns the keys that changed.
 */
export async function saveServiceKeys(
  changes: readonly KeyChange[],
  who: { actor: AuditActor; ip: string | null },
): Promise<KeyName[]> {
  const saved = await loadServiceKeys();
  const real = changes.filter((c) => (saved[c.name] ?? null) !== c.value);
  if (real.length === 0) return [];
  await db().transaction(async (tx) => {
    for (const c of real) {
      if (c.value === null) {
        await tx.delete(keysTable).where(eq(keysTable.name, c.name));
      } else {
        const row = { sealed: sealSecret(c.value), updatedBy: who.actor.id, updatedByEmail: who.actor.email };
        await tx
          .insert(keysTable)
          .values({ name: c.name, ...row })
          .onConflictDoUpdate({ target: keysTable.name, set: { ...row, updatedAt: sql`now()` } });
      }
      await recordAudit(
        {
          actor: who.actor,
          ip: who.ip,
          kind: "setting",
          action: "keys",
          subject: `${keyTitle(c.name)} ${c.value === null ? "cleared" : "changed"}`,
        },
        tx,
      );
    }
  });
  invalidateServiceKeys();
  await loadServiceKeys();
  // Names only: a key's value is never logged.
  logger.info(
    { by: who.actor.email, changed: real.map((c) => `${c.name}${c.value === null ? " (cleared)" : ""}`) },
    "service keys saved",
  );
  return real.map((c) => c.name);
}

export type KeyView = {
  name: KeyName;
  source: KeySource;
  /** The last 4 characters ("•••• 1a2b") of the key in use, never more. */
  shown: string | null;
  /** A key is saved here (also when the environment's wins over it). */
  saved: boolean;
  savedAt: string | null;
  savedBy: string | null;
};

/** What the Keys page shows of each key: where it comes from and its last 4 characters. No key leaves. */
export async function serviceKeysView(): Promise<Record<Service, KeyView[]>> {
  const e = env();
  const saved = await loadServiceKeys();
  const rows = await db()
    .select({ name: keysTable.name, at: keysTable.updatedAt, by: keysTable.updatedByEmail })
    .from(keysTable);
  const meta = new Map(rows.map((r) => [r.name, r]));
  const view = (name: KeyName): KeyView => {
    const source = keySource(name, e, saved);
    const value = source === "env" ? e[name] : saved[name];
    const row = meta.get(name);
    return {
      name,
      source,
      shown: value ? keyHint(value) : null,
      saved: saved[name] !== undefined,
      savedAt: row ? row.at.toISOString() : null,
      savedBy: row?.by ?? null,
    };
  };
  return Object.fromEntries(SERVICES.map((s) => [s, keysOf(s).map(view)])) as Record<Service, KeyView[]>;
}

const listed = (names: KeyName[]) => names.map(keyLabel).join(", ");

/**
 * The start-up lines: for each service, where its keys come from (never a key), and for WhatsApp and mail,
 * which way messages go (payments and shipping say theirs: describePaymentGateway, describeFulfilment).
 */
export function describeServiceKeys(e: Env = env()): Array<{ level: "info"; message: string }> {
  const saved = savedNow(e);
  const effective = serviceEnv(e);
  return SERVICES.map((service) => {
    const names = keysOf(service);
    const from = (source: KeySource) => names.filter((n) => keySource(n, e, saved) === source);
    const parts = [
      from("env").length ? `${listed(from("env"))} from the environment` : null,
      from("saved").length ? `${listed(from("saved"))} saved in the admin` : null,
      from("none").length ? `${listed(from("none"))} not set` : null,
    ].filter(Boolean);
    const keys = parts.join("; ");
    const title = SERVICE_TITLES[service];
    if (service === "whatsapp") {
      const on = effective.WHATSAPP_TOKEN && effective.WHATSAPP_PHONE_NUMBER_ID;
      const mode = on ? "order updates sent through the Cloud API" : "order updates written to the outbox";
      return { level: "info" as const, message: `${title}: ${mode}; keys: ${keys}` };
    }
    if (service === "smtp") {
      const mode = effective.SMTP_URL ? "e-mail sent over SMTP" : "e-mail written to the outbox";
      return { level: "info" as const, message: `${title}: ${mode}; keys: ${keys}` };
    }
    // Payments and shipping say their mode in their own lines (describePaymentGateway, describeFulfilment).
    return { level: "info" as const, message: `${title} keys: ${keys}` };
  });
}
