import { sql } from "drizzle-orm";
import { db, type Db, type Tx } from "~/platform/db/client.server";
import { auditLog } from "~/platform/db/tables.server";
import { logger } from "~/platform/logger.server";

/*
 * The audit trail of admin changes (issue 31): who, when, from where, what changed (before -> after).
 * Append-only: the table's trigger (migration 0034) refuses UPDATE, and DELETE except inside
 * sweepAuditLog's transaction. Most rows are written in one place, formAction's admin guard
 * (auditAdminChange below): the record the form names is read before and after the action by the table
 * this path edits (AUDITED_PATHS), and only what changed is kept.
 */

export type AuditActor = { id: string; email: string };
export type AuditEntry = {
  actor: AuditActor | null;
  /** The client's address (auth.server clientAddress). */
  ip: string | null;
  /** What kind of thing changed: product, category, order, refund, setting, staff, export... */
  kind: string;
  /** The intent: create, update, delete, status, refund, invite... */
  action: string;
  /** The record's id (or a name) when there is one. */
  subject?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Keys never written to the trail (hashes, secrets, tokens, one-time codes). */
const SECRET_KEY = /password|secret|token|code_hash|codehash|^code$|requestkey|webauthn/i;

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? "[hidden]" : redact(v);
    return out;
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Only what changed between two snapshots, key by key (a nested object, such as the shop settings' JSON,
 * is compared key by key too). Null on one side: the whole other side.
 */
export function changes(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before, after };
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === "updated_at" || key === "updatedAt") continue;
    const x = before[key];
    const y = after[key];
    if (same(x, y)) continue;
    const plain = (v: unknown) => v && typeof v === "object" && !Array.isArray(v);
    if (plain(x) && plain(y)) {
      const inner = changes(x as Record<string, unknown>, y as Record<string, unknown>);
      b[key] = inner.before;
      a[key] = inner.after;
    } else {
      b[key] = x;
      a[key] = y;
    }
  }
  return { before: b, after: a };
}

/** Write one row of the trail (in the caller's transaction when given). */
export async function recordAudit(entry: AuditEntry, database: Db | Tx = db()): Promise<void> {
  await database.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? "system",
    ip: entry.ip,
    kind: entry.kind,
    action: entry.action,
    subject: entry.subject ?? null,
    before: (redact(entry.before ?? null) as Record<string, unknown> | null) ?? null,
    after: (redact(entry.after ?? null) as Record<string, unknown> | null) ?? null,
  });
}

// ---------------------------------------------------------------------------------------------------
// The central hook: admin form actions

type Snapshot = { kind: string; table?: string; idField?: string; fixedId?: string };

/**
 * What each admin page edits: the kind of its rows and the table the id of its forms names. Pages not
 * listed are recorded with the form's fields as "after" under the kind "admin".
 */
const AUDITED_PATHS: Record<string, Snapshot> = {
  "/admin/products": { kind: "product", table: "products" },
  "/admin/categories": { kind: "category", table: "categories" },
  "/admin/banners": { kind: "banner", table: "banners" },
  "/admin/bestselling": { kind: "bestseller", table: "bestselling_products" },
  "/admin/offers": { kind: "offer", table: "offers" },
  "/admin/discount-codes": { kind: "discount code", table: "discount_codes" },
  "/admin/reviews": { kind: "review", table: "reviews" },
  "/admin/purchases": { kind: "order", table: "orders" },
  "/admin/custom-neon": { kind: "order", table: "custom_neon_orders" },
  "/admin/shipments": { kind: "shipment", table: "orders" },
  "/admin/refund": { kind: "refund" },
  "/admin/settings": { kind: "setting", table: "shop_settings", fixedId: "1" },
  "/admin": { kind: "setting" },
  "/admin/staff": { kind: "staff", table: "admin_users" },
  "/admin/logo-quotes": { kind: "logo quote", table: "logo_quotes" },
  "/admin/complaints": { kind: "complaint", table: "grievances" },
  "/api/admin/pickup-location": { kind: "setting" },
  "/api/admin/design-proofs": { kind: "design proof", table: "design_proofs" },
};

/** The order dialog's intents that are a kind of their own. */
const INTENT_KINDS: Record<string, string> = {
  refund: "refund",
  "return-create": "return",
  "return-decide": "return",
  "issue-invoice": "invoice",
  "book-courier": "shipment",
  "cancel-shipment": "shipment",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function snapshot(table: string, id: string): Promise<Record<string, unknown> | null> {
  // The table name comes from AUDITED_PATHS (never from the request); the id is a parameter.
  const r = await db().execute<{ row: Record<string, unknown> }>(
    sql`select to_jsonb(t) as row from ${sql.identifier(table)} t where t.id::text = ${id} limit 1`,
  );
  return r.rows[0]?.row ?? null;
}

function pathOf(request: Request): string {
  const p = new URL(request.url).pathname.replace(/\/+$/, "");
  return p === "" ? "/" : p.replace(/^\/admin\/(complaints|settings)\/.+$/, "/admin/$1");
}

/** The form's text fields, as "after" of a record made or of a page without a table. */
function fieldsOf(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) out[k] = typeof v === "string" ? v.slice(0, 500) : `[file ${v.name}]`;
  return out;
}

/** Whether an action's answer means it did something (2xx or a redirect; a thrown redirect too). */
function succeeded(result: unknown): boolean {
  if (result instanceof Response) return result.status < 400;
  const init = (result as { type?: string; init?: { status?: number } | null } | null)?.init;
  if ((result as { type?: string } | null)?.type === "DataWithResponseInit")
    return (init?.status ?? 200) < 400;
  const ok = (result as { ok?: unknown } | null)?.ok;
  return ok !== false;
}

/**
 * Run an admin action and record what it changed: the row its form names, read before and after by the
 * table its path edits (only the keys that changed are kept), or the form's fields. A refused action
 * (4xx/5xx) records nothing. A failure to write the trail is logged, never hidden from the log, and does
 * not undo the change (it is already committed).
 */
export async function auditAdminChange<R>(
  who: { actor: AuditActor; ip: string | null; request: Request; form: FormData },
  run: () => Promise<R>,
): Promise<R> {
  const spec = AUDITED_PATHS[pathOf(who.request)] ?? { kind: "admin" };
  const intentName = String(who.form.get("intent") ?? "save");
  const idValue = spec.fixedId ?? String(who.form.get(spec.idField ?? "id") ?? "");
  const id = spec.fixedId ?? (UUID.test(idValue) ? idValue : null);
  const table = spec.table && id ? spec.table : null;
  const before = table ? await snapshot(table, id!) : null;
  const write = async () => {
    try {
      const after = table ? await snapshot(table, id!) : fieldsOf(who.form);
      const diff = table ? changes(before, after) : { before: null, after };
      if (table && before && after && Object.keys(diff.after ?? {}).length === 0) return;
      await recordAudit({
        actor: who.actor,
        ip: who.ip,
        kind: INTENT_KINDS[intentName] ?? spec.kind,
        action: intentName,
        subject: id ?? (idValue || null),
        ...diff,
      });
    } catch (error) {
      logger.error({ err: error, kind: spec.kind }, "audit row not written");
    }
  };
  let result: R;
  try {
    result = await run();
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) await write();
    throw thrown;
  }
  if (succeeded(result)) await write();
  return result;
}

/** Delete rows older than the policy's retention (the only DELETE the table's trigger lets through). */
export async function sweepAuditLog(retentionDays: number): Promise<number> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select set_config('neon.audit_retention', 'on', true)`);
    const r = await tx.execute(
      sql`delete from ${auditLog} where at < now() - make_interval(days => ${retentionDays})`,
    );
    return r.rowCount ?? 0;
  });
}
