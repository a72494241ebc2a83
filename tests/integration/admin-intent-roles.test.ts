import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import routes from "~/routes";
import {
  can,
  MONEY_PERMISSION,
  ROLES,
  type IntentRules,
  type Permission,
  type Role,
} from "~/shared/staff-access";
import { enableTotp, newTotpSecret, saveStaffPolicy, totpCode } from "~/platform/auth/second-factor.server";
import { db } from "~/platform/db/client.server";
import { orders, orderStatusHistory } from "~/features/order-lifecycle/tables.server";
import { adminSession, ORIGIN, shopRequest } from "../support/admin-session";
import { insertOrder } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

/*
 * Issue 41: roles hold for every intent, not only for every route. Every intent of every admin action (the
 * table below mirrors what each action accepts) × every role: a role without the intent's permission gets
 * 403 and nothing changes; whatever moves money or the books (payment status, refunds, invoices, cash on
 * delivery marked collected) also needs the refunds permission and asks for the second factor again after 5
 * minutes. An admin route with an action missing here, or an action that accepts an intent not listed here
 * (formAction's `intents`), fails the test. admin-auth.test.ts walks the routes × roles.
 */

setupTestDatabase({ PUBLIC_URL: ORIGIN, ADMIN_SECRETS_KEY: "c".repeat(64) });

/** What one posted intent needs. */
type Need = {
  permission: Permission;
  /** Moves money or the books: the refunds permission too, and step-up. */
  money?: true;
  /** Asks for step-up without moving money (the action's own stepUp). */
  stepUp?: true;
  /** The fields that make the intent what this row says (e.g. a status change that marks cash collected). */
  fields?: Record<string, string>;
};

type ActionRow = {
  /** The field that names the intent; null: the action takes one form and has no intent field. */
  field: string | null;
  /** The action lists its intents with formAction's `intents` (so the test can check none is missing). */
  declared: boolean;
  /** A JSON endpoint rather than a form. */
  json?: true;
  /** Each case: an intent and what it needs (one intent may have several cases). */
  cases: Array<[intent: string, need: Need]>;
};

const CATALOGUE: Need = { permission: "catalogue" };
const cases = (intents: string[], need: Need): ActionRow["cases"] => intents.map((i) => [i, need]);

/** The order dialog's intents, on Purchase Details and Custom Neon Orders alike. */
const orderDialog = (kind: "order" | "custom"): ActionRow => {
  const f = (more: Record<string, string> = {}) => ({ kind, id: crypto.randomUUID(), ...more });
  return {
    field: "intent",
    declared: true,
    cases: [
      ["status", { permission: "orders", fields: f({ to: "confirmed" }) }],
      // Delivered: cash on delivery is collected with it (issue 42, decision 051), the goods' fact.
      ["status", { permission: "orders", fields: f({ to: "delivered" }) }],
      ["payment", { permission: "refunds", money: true, fields: f({ to: "refunded" }) }],
      ["payment", { permission: "refunds", money: true, fields: f({ to: "paid" }) }],
      ["payment", { permission: "refunds", money: true, fields: f({ to: "failed" }) }],
      ["refund", { permission: "refunds", money: true, fields: f({ amount: "100", reason: "test" }) }],
      ["issue-invoice", { permission: "invoices", money: true, fields: f() }],
      ["cancel-related", { permission: "orders", fields: f() }],
      ["cancel-several", { permission: "orders", fields: { orders: crypto.randomUUID() } }],
      ["cod-confirm-phone", { permission: "orders", fields: f() }],
      ["return-create", { permission: "orders", fields: f() }],
      ["return-decide", { permission: "orders", fields: { returnId: crypto.randomUUID(), to: "approved" } }],
      ["book-courier", { permission: "shipping", fields: f() }],
      ["cancel-shipment", { permission: "shipping", fields: f() }],
    ],
  };
};

/** Every admin route with an action (by path, as app/routes.ts names it) and every intent it accepts. */
const ACTIONS: Record<string, ActionRow> = {
  // The go-live checklist's tick.
  "/admin": { field: null, declared: false, cases: [["", { permission: "settings" }]] },
  "/admin/categories": {
    field: "intent",
    declared: true,
    cases: cases(["create", "update", "delete"], CATALOGUE),
  },
  "/admin/products": {
    field: "intent",
    declared: true,
    cases: cases(["create", "update", "delete"], CATALOGUE),
  },
  "/admin/bestselling": {
    field: "intent",
    declared: true,
    cases: cases(["add", "toggle", "move", "remove"], CATALOGUE),
  },
  "/admin/banners": {
    field: "intent",
    declared: true,
    cases: cases(["upload", "toggle", "move", "promote", "delete"], CATALOGUE),
  },
  "/admin/discount-codes": {
    field: "intent",
    declared: true,
    cases: cases(["create", "update", "toggle", "delete"], CATALOGUE),
  },
  "/admin/offers": {
    field: "intent",
    declared: true,
    cases: cases(["create", "toggle", "delete"], CATALOGUE),
  },
  "/admin/purchases": orderDialog("order"),
  "/admin/custom-neon": orderDialog("custom"),
  "/admin/shipments": {
    field: "intent",
    declared: true,
    cases: [["ship-several", { permission: "shipping" }]],
  },
  // The money page (issue 45): read Razorpay's settlements now; upload a courier's COD remittance report.
  "/admin/money": {
    field: "intent",
    declared: true,
    cases: [
      ["fetch", { permission: "invoices", fields: { period: "2026-10" } }],
      ["upload-cod", { permission: "invoices" }],
    ],
  },
  // Moving a card on the production board (issue 44).
  "/admin/production": { field: null, declared: false, cases: [["", { permission: "production" }]] },
  "/admin/refund": {
    // One form (its schema takes intent "refund" only), refunds and step-up for every post.
    field: "intent",
    declared: false,
    cases: [["refund", { permission: "refunds", money: true, fields: { kind: "order" } }]],
  },
  // Pricing a quote, adding one for a logo sent in a chat (the role table gives logo quotes to whoever changes orders).
  "/admin/logo-quotes": {
    field: "intent",
    declared: true,
    cases: cases(["price", "add"], { permission: "orders" }),
  },
  // A chat order and sending its pay link (issue 46): whoever changes orders.
  "/admin/orders/new": {
    field: "intent",
    declared: true,
    cases: cases(["create", "send"], { permission: "orders" }),
  },
  "/admin/reviews": {
    field: "decision",
    declared: true,
    cases: cases(["publish", "reject", "reply"], { permission: "reviews" }),
  },
  "/admin/complaints/:id": {
    field: "intent",
    declared: true,
    cases: cases(["reply", "note", "assign", "acknowledge", "resolve", "reopen"], { permission: "orders" }),
  },
  "/admin/settings": {
    field: "intent",
    declared: true,
    cases: [["save", { permission: "settings", stepUp: true }]],
  },
  "/admin/settings/:section": {
    field: "intent",
    declared: true,
    cases: [["save", { permission: "settings", stepUp: true }]],
  },
  // The services' keys (issue 42): the Owner only; saving and clearing ask for step-up, checking does not.
  "/admin/settings/keys": {
    field: "intent",
    declared: true,
    cases: [
      ["save", { permission: "owner", stepUp: true, fields: { service: "smtp" } }],
      ["clear", { permission: "owner", stepUp: true, fields: { name: "SMTP_URL" } }],
      ["check", { permission: "owner", fields: { service: "smtp" } }],
    ],
  },
  // The staff feature's own pages check every intent against one permission (not yet a declared table).
  "/admin/staff": {
    field: "intent",
    declared: false,
    cases: cases(["invite", "policy", "role", "disable", "enable", "remove", "reset-second-factor"], {
      permission: "staff",
      stepUp: true,
    }),
  },
  "/admin/security": {
    field: "intent",
    declared: false,
    cases: [
      ["sign-out-everywhere", { permission: "self" }],
      ["backup-codes", { permission: "self", stepUp: true }],
      ["remove-passkey", { permission: "self", stepUp: true }],
    ],
  },
  "/admin/step-up": { field: null, declared: false, cases: [["", { permission: "self" }]] },
  "/api/admin/design-proofs": { field: null, declared: false, cases: [["", { permission: "orders" }]] },
  "/api/admin/pickup-location": {
    field: "intent",
    declared: true,
    cases: [["register-pickup", { permission: "settings", stepUp: true }]],
  },
  "/api/admin/passkeys": {
    field: "step",
    declared: false,
    json: true,
    cases: cases(["options", "register"], { permission: "self", stepUp: true }),
  },
};

// ---------------------------------------------------------------------------------------------------
// The admin routes of app/routes.ts and their modules

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };
type RouteArgs = { request: Request; params: Record<string, string>; context: unknown };
type Action = ((args: RouteArgs) => unknown) & { intentRules?: IntentRules; intentField?: string };
type RouteModule = { action?: Action };

const modules = import.meta.glob<RouteModule>("../../app/features/*/routes/*.{ts,tsx}");
const PUBLIC_ADMIN_PATHS = [
  "admin/login",
  "admin/logout",
  "admin/login/code",
  "admin/enrol",
  "admin/invite/:token",
];

/** Every admin page and resource route of app/routes.ts with an action, by path. */
async function adminActions(): Promise<Array<{ path: string; action: Action }>> {
  const found: Array<{ path: string; file: string }> = [];
  const walk = (entries: RouteEntry[], parent: string) => {
    for (const e of entries) {
      const full = e.path ? [parent, e.path].filter(Boolean).join("/") : parent;
      const isAdmin = /^admin(\/|$)/.test(full) || /^api\/admin(\/|$)/.test(full);
      if (isAdmin && !PUBLIC_ADMIN_PATHS.includes(full) && (e.path !== undefined || e.index))
        found.push({ path: `/${full}`, file: e.file });
      if (e.children) walk(e.children, full);
    }
  };
  walk(routes as unknown as RouteEntry[], "");
  const out: Array<{ path: string; action: Action }> = [];
  for (const r of found) {
    const importer = modules[`../../app/${r.file}`];
    if (!importer) throw new Error(`route module not found: ${r.file}`);
    const { action } = await importer();
    // The layout and the dashboard share "/admin": the dashboard's file is the one with an action.
    if (action) out.push({ path: r.path, action });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Members of each role, each with an authenticator (so step-up applies to them)

const email = (role: Role) => `${role}-intents@shop.test`;
const STALE = () => new Date(Date.now() - 6 * 60_000);

beforeAll(async () => {
  for (const role of ROLES) {
    const s = await adminSession(email(role), { role });
    const { secret } = newTotpSecret(s.email);
    const T = Date.now() - 10 * 60_000;
    const r = await enableTotp(s.userId, secret, totpCode(secret, T), T);
    if (!r.ok) throw new Error("enable failed");
  }
});

beforeEach(async () => {
  await db().execute(sql`delete from rate_limits`);
  await saveStaffPolicy({ secondFactorRoles: [], auditRetentionDays: 730 });
});

let calls = 0;

/** What the action did with the post: a role refusal, a step-up, or it went through to the intent itself. */
type Seen = "role-refused" | "step-up" | "through";

async function seen(run: () => unknown): Promise<{ seen: Seen; status: number }> {
  let r: unknown;
  try {
    r = await run();
  } catch (thrown) {
    r = thrown;
  }
  if (!(r instanceof Response)) {
    const status = (r as { init?: { status?: number } | null } | null)?.init?.status ?? 200;
    return { seen: "through", status };
  }
  const location = r.headers.get("location") ?? "";
  if (r.status === 302 && location.startsWith("/admin/step-up")) return { seen: "step-up", status: 302 };
  const body = (await r.text().catch(() => "")) || "{}";
  let json: { role?: unknown; stepUp?: unknown } = {};
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    /* not JSON */
  }
  if (r.status === 403 && typeof json.role === "string") return { seen: "role-refused", status: 403 };
  // The passkeys endpoint answers JSON pointing to the step-up page.
  if (typeof json.stepUp === "string" && json.stepUp.startsWith("/admin/step-up"))
    return { seen: "step-up", status: r.status };
  return { seen: "through", status: r.status };
}

/** Post one case of an action as a member of `role` whose second factor was proved at `verifiedAt`. */
async function post(
  path: string,
  action: Action,
  row: ActionRow,
  intent: string,
  need: Need,
  role: Role,
  verifiedAt: Date,
) {
  // A session of its own each time ("sign out everywhere" ends the member's sessions).
  const s = await adminSession(email(role), { verifiedAt });
  const fields = { ...(row.field ? { [row.field]: intent } : {}), ...need.fields };
  const request = row.json
    ? shopRequest(path, {
        cookie: s.cookie,
        body: JSON.stringify(fields),
        headers: { "content-type": "application/json" },
      })
    : shopRequest(path, { cookie: s.cookie, form: fields });
  const id = crypto.randomUUID();
  const context = { clientIp: `203.0.113.${(++calls % 250) + 1}` };
  return seen(() => action({ request, params: { id }, context }));
}

const needs = (need: Need): Permission[] =>
  need.money ? [need.permission, MONEY_PERMISSION] : [need.permission];
const mayUse = (role: Role, need: Need) => needs(need).every((p) => can(role, p));

/**
 * A fingerprint of every table but the session bookkeeping and the trails (a refused or stepped-up post
 * must change nothing else).
 */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await db().execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('sessions', 'login_attempts', 'staff_policy', 'audit_log', 'data_request_events', 'rate_limits') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { tablename } of tables.rows) {
    const r = await db().execute<{ h: string }>(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${tablename}" t`,
      ),
    );
    out[tablename] = r.rows[0]!.h;
  }
  return out;
}

describe("every intent of every admin action × every role", () => {
  it("lists every admin action, and every intent an action accepts (a new one without a row fails here)", async () => {
    const found = await adminActions();
    expect(found.map((a) => a.path).sort(), "add these to ACTIONS, or remove the ones gone").toEqual(
      Object.keys(ACTIONS).sort(),
    );
    for (const { path, action } of found) {
      const row = ACTIONS[path]!;
      expect(Boolean(action.intentRules), `${path}: declares its intents`).toBe(row.declared);
      if (!action.intentRules) continue;
      expect(Object.keys(action.intentRules).sort(), `${path}: its intents`).toEqual(
        [...new Set(row.cases.map(([intent]) => intent))].sort(),
      );
      expect(action.intentField, `${path}: its intent field`).toBe(row.field);
    }
  });

  it("refuses each intent to the roles without its permissions (403) and asks the others for step-up where it should, changing nothing", async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    for (const { path, action } of await adminActions()) {
      const row = ACTIONS[path]!;
      for (const [intent, need] of row.cases) {
        for (const role of ROLES) {
          const expected: Seen = !mayUse(role, need)
            ? "role-refused"
            : need.money || need.stepUp
              ? "step-up"
              : "through";
          // "Through" is checked with a fresh second factor below.
          if (expected === "through") continue;
          const r = await post(path, action, row, intent, need, role, STALE());
          if (r.seen !== expected)
            wrong.push(
              `${path} ${intent} ${JSON.stringify(need.fields ?? {})} as ${role}: ${r.seen} (${r.status}), expected ${expected}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it("lets each role through to the intents it may use once its second factor is fresh", async () => {
    const wrong: string[] = [];
    for (const { path, action } of await adminActions()) {
      const row = ACTIONS[path]!;
      for (const [intent, need] of row.cases) {
        for (const role of ROLES) {
          if (!mayUse(role, need)) continue;
          const r = await post(path, action, row, intent, need, role, new Date());
          if (r.seen !== "through") wrong.push(`${path} ${intent} as ${role}: ${r.seen} (${r.status})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses an intent the action does not list (400), whatever the role may do", async () => {
    let checked = 0;
    for (const { path, action } of await adminActions()) {
      const row = ACTIONS[path]!;
      if (!row.declared) continue;
      const r = await post(path, action, row, "no-such-intent", { permission: "self" }, "owner", new Date());
      expect(r, path).toEqual({ seen: "through", status: 400 });
      checked++;
    }
    expect(checked).toBe(Object.values(ACTIONS).filter((a) => a.declared).length);
  });
});

describe("money on the order dialog", () => {
  const purchases = async () =>
    (await modules["../../app/features/orders/routes/admin-purchases.tsx"]!()).action!;
  const postAs = async (role: Role, fields: Record<string, string>, verifiedAt: Date = new Date()) => {
    const s = await adminSession(email(role), { verifiedAt });
    return seen(async () =>
      (await purchases())({
        request: shopRequest("/admin/purchases", { cookie: s.cookie, form: fields }),
        params: {},
        context: { clientIp: "203.0.113.250" },
      }),
    );
  };
  const paymentOf = async (id: string) =>
    (await db().select({ p: orders.paymentStatus }).from(orders).where(eq(orders.id, id)))[0]!.p;

  it("Operations cannot set a paid order's payment to Refunded; Accounts can, after step-up", async () => {
    const order = await insertOrder({
      paymentMethod: "razorpay",
      paymentStatus: "paid",
      status: "confirmed",
    });
    const refund = { intent: "payment", kind: "order", id: order.id, to: "refunded", expected: "paid" };
    expect(await postAs("operations", refund)).toEqual({ seen: "role-refused", status: 403 });
    expect(await postAs("catalogue", refund)).toEqual({ seen: "role-refused", status: 403 });
    expect(await paymentOf(order.id)).toBe("paid");
    expect(await postAs("accounts", refund, STALE())).toEqual({ seen: "step-up", status: 302 });
    expect(await paymentOf(order.id)).toBe("paid");
    expect(await postAs("accounts", refund)).toEqual({ seen: "through", status: 200 });
    expect(await paymentOf(order.id)).toBe("refunded");
  });

  it("a cash on delivery order delivered by Operations is paid (cash collected, decision 051); the payment itself stays the refunds role's", async () => {
    const order = await insertOrder({ paymentMethod: "cod", paymentStatus: "pending", status: "dispatched" });
    const delivered = {
      intent: "status",
      kind: "order",
      id: order.id,
      to: "delivered",
      expected: "dispatched",
    };
    expect(await postAs("operations", delivered)).toEqual({ seen: "through", status: 200 });
    expect(await paymentOf(order.id)).toBe("paid");
    const history = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => `${h.field}:${h.toValue}`).sort()).toEqual([
      "payment_status:paid",
      "status:delivered",
    ]);
    // Setting the payment by hand is still not Operations'.
    const refunded = { intent: "payment", kind: "order", id: order.id, to: "refunded" };
    expect(await postAs("operations", refunded)).toEqual({ seen: "role-refused", status: 403 });
  });
});
