import { sql } from "drizzle-orm";
import { ROLES } from "~/shared/staff-access";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.server";

/**
 * The platform's own tables: staff accounts and their sign-in (sessions, devices, attempts, backup codes,
 * passkeys, the staff policy), the audit trail, rate-limit counters, message deliveries, the services' keys and
 * the log of personal-data requests. Each feature keeps its own tables in its tables.server.ts; drizzle-kit
 * reads them all (drizzle.config.ts). Money columns are whole rupees (integer); timestamps are timestamptz.
 */

/** Staff accounts (the spec's profiles with is_admin). */
export const adminUsers = pg.pgTable(
  "admin_users",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    email: pg.text("email").notNull(),
    passwordHash: pg.text("password_hash").notNull(),
    isAdmin: pg.boolean("is_admin").notNull().default(true),
    disabled: pg.boolean("disabled").notNull().default(false),
    /** Staff role (app/shared/staff-access.ts); admin:create makes an owner. */
    role: pg.text("role", { enum: ROLES }).notNull().default("owner"),
    /** The TOTP secret, AES-256-GCM encrypted (app/platform/auth/secret-box.server.ts); null: no authenticator. */
    totpSecret: pg.text("totp_secret"),
    /** The last accepted TOTP time-step: a code of that step or earlier is never accepted again. */
    totpLastStep: pg.bigint("totp_last_step", { mode: "number" }),
    /** The WebAuthn user handle (random, base64url), made with the first passkey. */
    webauthnUserId: pg.text("webauthn_user_id"),
    lastSignInAt: pg.timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.uniqueIndex("admin_users_email_lower_uq").on(sql`lower(${t.email})`),
    pg.check("admin_users_role_known", sql`${t.role} in ('owner', 'operations', 'catalogue', 'accounts')`),
  ],
);

/** One-time backup codes of a staff member's second factor (SHA-256 of the code; used once). */
export const adminBackupCodes = pg.pgTable(
  "admin_backup_codes",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    userId: pg
      .uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    codeHash: pg.text("code_hash").notNull(),
    usedAt: pg.timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [pg.index("admin_backup_codes_user_idx").on(t.userId)],
);

/** Staff passkeys (WebAuthn credentials): the public key and its signature counter. */
export const adminPasskeys = pg.pgTable(
  "admin_passkeys",
  {
    /** The credential id, base64url. */
    id: pg.text("id").primaryKey(),
    userId: pg
      .uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    publicKey: pg.text("public_key").notNull(),
    counter: pg.bigint("counter", { mode: "number" }).notNull().default(0),
    transports: pg
      .text("transports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: pg.text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: pg.timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [pg.index("admin_passkeys_user_idx").on(t.userId)],
);

/** The staff policy, one row: which roles must have a second factor, how long the audit trail is kept. */
export const staffPolicy = pg.pgTable(
  "staff_policy",
  {
    id: pg.integer("id").primaryKey().default(1),
    secondFactorRoles: pg.text("second_factor_roles").array().notNull(),
    auditRetentionDays: pg.integer("audit_retention_days").notNull().default(730),
    updatedAt: updatedAt(),
  },
  (t) => [pg.check("staff_policy_one_row", sql`${t.id} = 1`)],
);

/**
 * The audit trail of admin changes: who, when, from where, what (before -> after). Append-only: a trigger
 * (migration 0034) refuses UPDATE, and DELETE except by the retention sweep (app/platform/audit.server.ts).
 */
export const auditLog = pg.pgTable(
  "audit_log",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    at: pg.timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: pg.uuid("actor_id"),
    actorEmail: pg.text("actor_email").notNull(),
    ip: pg.text("ip"),
    kind: pg.text("kind").notNull(),
    action: pg.text("action").notNull(),
    subject: pg.text("subject"),
    before: pg.jsonb("before").$type<Record<string, unknown> | null>(),
    after: pg.jsonb("after").$type<Record<string, unknown> | null>(),
  },
  (t) => [
    pg.index("audit_log_at_idx").on(t.at),
    pg.index("audit_log_actor_idx").on(t.actorId, t.at),
    pg.index("audit_log_kind_idx").on(t.kind, t.at),
  ],
);

export const sessions = pg.pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's random token; the token itself is never stored. */
    idHash: pg.text("id_hash").primaryKey(),
    userId: pg
      .uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: pg.timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: pg.timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: pg.text("ip"),
    userAgent: pg.text("user_agent"),
    /**
     * "full": signed in. "second_factor": the password was right, the code is still to come. "enrol": the
     * password was right and the shop requires a second factor the member has not set up yet.
     */
    stage: pg
      .text("stage", { enum: ["full", "second_factor", "enrol"] })
      .notNull()
      .default("full"),
    /** When the session last proved the second factor (sign-in or step-up); null: never. */
    verifiedAt: pg.timestamp("verified_at", { withTimezone: true }),
  },
  (t) => [pg.index("sessions_user_idx").on(t.userId)],
);

/**
 * Browsers an admin has signed in from (a long-lived device cookie holds the token; only its hash is
 * kept). Sign-ins from a known device skip the account-wide slow-down that guessing from many networks
 * sets off (app/platform/auth/login-throttle.server.ts, docs/decisions/028-account-sign-in-defence.md).
 */
export const adminDevices = pg.pgTable(
  "admin_devices",
  {
    tokenHash: pg.text("token_hash").primaryKey(),
    userId: pg
      .uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: pg.timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When this browser last finished a sign-in with the second factor (null: only the password was right
     * here). Only such browsers skip the account-wide count of wrong codes (login-throttle.server.ts).
     */
    provedAt: pg.timestamp("proved_at", { withTimezone: true }),
  },
  (t) => [pg.index("admin_devices_user_idx").on(t.userId, t.lastUsedAt)],
);

export const loginAttempts = pg.pgTable(
  "login_attempts",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    email: pg.text("email").notNull(),
    ip: pg.text("ip").notNull(),
    succeeded: pg.boolean("succeeded").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index("login_attempts_email_idx").on(sql`lower(${t.email})`, t.createdAt),
    pg.index("login_attempts_ip_idx").on(t.ip, t.createdAt),
  ],
);

/**
 * Counters of rate-limiter-flexible's RateLimiterPostgres (app/platform/limits/rate-limit.server.ts), shared by every
 * instance. The column names and types are the library's own; `expire` is epoch milliseconds.
 */
export const rateLimits = pg.pgTable(
  "rate_limits",
  {
    key: pg.varchar("key", { length: 255 }).primaryKey(),
    points: pg.integer("points").notNull().default(0),
    expire: pg.bigint("expire", { mode: "number" }),
  },
  (t) => [pg.index("rate_limits_expire_idx").on(t.expire)],
);

/**
 * One message the shop sends because of one order event (a confirmation, a shop notice, a status mail),
 * keyed by that event: written in the event's own transaction together with its queue job, so the job is
 * queued at most once per event, and marked sent after delivery, so a retried job never sends it again.
 */
export const messageDeliveries = pg.pgTable("message_deliveries", {
  dedupeKey: pg.varchar("dedupe_key", { length: 200 }).primaryKey(),
  queue: pg.varchar("queue", { length: 100 }).notNull(),
  createdAt: pg.timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  sentAt: pg.timestamp("sent_at", { withTimezone: true }),
  attempts: pg.integer("attempts").notNull().default(0),
  /** Set when the message can never be delivered (a WhatsApp number that does not exist, a missing template): not retried. */
  failedAt: pg.timestamp("failed_at", { withTimezone: true }),
  failure: pg.text("failure"),
});

/**
 * The services' keys the Owner saved in Settings > Keys (issue 42, decision 055; app/shared/service-keys.ts):
 * one row per key, named as its environment variable, the value sealed with the shop's secrets key
 * (secret-box.server.ts), so a dump or a backup holds no usable key. An environment variable that is set
 * wins over its row. A change is announced on order_changes (migration 0042), so every instance reads the
 * keys again.
 */
export const serviceKeys = pg.pgTable("service_keys", {
  name: pg.text("name").primaryKey(),
  sealed: pg.text("sealed").notNull(),
  updatedAt: updatedAt(),
  updatedBy: pg.uuid("updated_by").references(() => adminUsers.id, { onDelete: "set null" }),
  updatedByEmail: pg.text("updated_by_email"),
});

/**
 * "My data" requests (issue 32, app/features/data-rights, decision 042): a shopper names an e-mail or phone;
 * a 6-digit code is sent to that contact (only its SHA-256 with the request's id is kept) that expires in 10
 * minutes and dies after 5 wrong tries. The browser that asked holds the request's random key in a cookie
 * (only its hash is kept here); once the code is right, that browser may export, correct and erase for 30
 * minutes. Deleted after the retention period (settings → Privacy).
 */
export const dataRequests = pg.pgTable(
  "data_requests",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    keyHash: pg.text("key_hash").notNull(),
    contactKind: pg.text("contact_kind", { enum: ["email", "phone"] }).notNull(),
    /** The e-mail (lower-cased) or phone (+91...) as orders store it. */
    contact: pg.text("contact").notNull(),
    /** Null until the code is sent (never for a contact the shop does not hold) and after it was used. */
    codeHash: pg.text("code_hash"),
    codeExpiresAt: pg.timestamp("code_expires_at", { withTimezone: true }),
    tries: pg.integer("tries").notNull().default(0),
    status: pg
      .text("status", { enum: ["pending", "verified", "dead"] })
      .notNull()
      .default("pending"),
    verifiedAt: pg.timestamp("verified_at", { withTimezone: true }),
    accessExpiresAt: pg.timestamp("access_expires_at", { withTimezone: true }),
    clientIp: pg.text("client_ip"),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex("data_requests_key_uq").on(t.keyHash),
    pg.index("data_requests_created_idx").on(t.createdAt),
    pg.check("data_requests_status", sql`${t.status} in ('pending', 'verified', 'dead')`),
    pg.check("data_requests_contact_kind", sql`${t.contactKind} in ('email', 'phone')`),
    pg.check("data_requests_tries", sql`${t.tries} between 0 and 5`),
  ],
);

/**
 * What was done with personal data and by whom (issue 32): a shopper's export, correction, erasure and
 * consent withdrawal on their request, and staff's exports of customers' data (the orders CSV). Holds no
 * contact itself, so it outlives the request it points to.
 */
export const dataRequestEvents = pg.pgTable(
  "data_request_events",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    requestId: pg.uuid("request_id").references(() => dataRequests.id, { onDelete: "set null" }),
    /** "shopper" (through a verified request), "staff" or "system" (the retention sweep). */
    actor: pg.text("actor", { enum: ["shopper", "staff", "system"] }).notNull(),
    staffId: pg.uuid("staff_id").references(() => adminUsers.id, { onDelete: "set null" }),
    staffEmail: pg.text("staff_email"),
    action: pg.text("action").notNull(),
    detail: pg.text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index("data_request_events_created_idx").on(t.createdAt),
    pg.check("data_request_events_actor", sql`${t.actor} in ('shopper', 'staff', 'system')`),
  ],
);
