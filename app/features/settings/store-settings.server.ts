import crypto from "node:crypto";
import { DEFAULT_PRIVACY_SETTINGS } from "~/features/settings/privacy-settings";
import { DEFAULT_FEED_SETTINGS } from "~/features/settings/feed-settings";
import { DEFAULT_CHAT_ORDER_SETTINGS } from "~/features/settings/chat-order-settings";
import { eq, sql } from "drizzle-orm";
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  DEFAULT_STOCK_SHARE,
  DEFAULT_GST_RATE,
  DEFAULT_HSN_CODE,
  DEFAULT_SHIPPING,
  DEFAULT_QUOTE_REPLY_HOURS,
  DEFAULT_PRODUCT_FACTS,
  flattenValues,
  mergeSettings,
  nestValues,
  shopSettingsSchema,
  type ShopSettings,
} from "~/features/settings/shop-settings";
import { DEFAULT_WHATSAPP_TEMPLATES } from "~/features/settings/whatsapp-messages";
import { DEFAULT_COD_CONFIRMATION, DEFAULT_PREPAID_RULES } from "~/features/settings/cod-settings";
import { DEFAULT_RECOVERY_SETTINGS } from "~/features/settings/recovery-settings";
import { DEFAULT_WORKSHOP_SETTINGS } from "~/features/settings/workshop-settings";
import { DEFAULT_REVIEW_SETTINGS } from "~/features/settings/review-settings";
import { defaultCourierSettings } from "~/features/settings/courier-settings";
import { storeDetails, type StoreSettings } from "~/features/settings/store";
import { formatPhone } from "~/shared/phone-numbers";
import { ownedValues, sectionOfField, type SectionSlug } from "~/features/settings/settings-sections";
import { fieldErrorsOf, type FieldErrors } from "~/shared/form-errors";
import { db, type Db } from "~/platform/db/client.server";
import { shopSettings as settingsTable } from "./tables.server";
import { env, type Env } from "~/platform/env.server";
import { eventListenerConnected, subscribe } from "~/platform/events.server";
import { logger } from "~/platform/logger.server";
import { currentMakingLoadDays } from "./making-load.server";

/*
 * The one place the shop's settings come from (PRODUCT.md "Store details in one place"). They live in
 * one row of `shop_settings`, written on first use from the environment's defaults and afterwards only by
 * /admin/settings. Each instance keeps a copy that a change announced by NOTIFY (any instance, migration
 * 0005's trigger) drops at once; while this instance is not listening, the copy is kept 2 seconds only.
 */

const TTL_LISTENING_MS = 60_000;
const TTL_NOT_LISTENING_MS = 2_000;

/** The first-start defaults: the environment's store details and limits, the policy's shipping rules. */
export function defaultShopSettings(e: Env = env()): ShopSettings {
  return {
    store: {
      name: e.STORE_NAME,
      email: e.STORE_EMAIL,
      phone: e.STORE_PHONE,
      whatsapp: e.STORE_WHATSAPP,
      address: e.STORE_ADDRESS,
      hoursWeekdays: e.STORE_HOURS_WEEKDAYS,
      hoursSaturday: e.STORE_HOURS_SATURDAY,
      hoursSunday: e.STORE_HOURS_SUNDAY,
    },
    social: { instagramUrl: e.STORE_INSTAGRAM_URL, youtubeUrl: e.STORE_YOUTUBE_URL, facebookUrl: null },
    legal: {
      legalName: e.STORE_NAME,
      gstin: null,
      hsnCode: DEFAULT_HSN_CODE,
      gstRate: DEFAULT_GST_RATE,
      lutReference: null,
    },
    grievance: { name: "Grievance Officer", email: e.STORE_EMAIL, phone: e.STORE_PHONE },
    shipping: DEFAULT_SHIPPING,
    courier: defaultCourierSettings({
      name: e.STORE_NAME,
      phone: e.STORE_PHONE,
      whatsapp: e.STORE_WHATSAPP,
      address: e.STORE_ADDRESS,
    }),
    limits: {
      maxQtyPerLine: e.MAX_QTY_PER_LINE,
      maxQtyPerProduct: e.MAX_QTY_PER_PRODUCT,
      maxCustomLines: e.MAX_CUSTOM_LINES,
      maxOrderTotal: e.MAX_ORDER_TOTAL,
      maxOpenOrdersPerCustomer: e.MAX_OPEN_ORDERS_PER_CUSTOMER,
      maxHeldUnitsPerCustomer: e.MAX_HELD_UNITS_PER_CUSTOMER,
      checkoutRatePerHour: e.CHECKOUT_RATE_PER_HOUR,
      paymentHoldMinutes: e.PAYMENT_HOLD_MINUTES,
      ...DEFAULT_STOCK_SHARE,
      lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
    },
    whatsappUpdates: { ...DEFAULT_WHATSAPP_TEMPLATES },
    reviews: { ...DEFAULT_REVIEW_SETTINGS },
    codConfirmation: { ...DEFAULT_COD_CONFIRMATION },
    prepaid: { ...DEFAULT_PREPAID_RULES, prepaidPins: [] },
    recovery: { ...DEFAULT_RECOVERY_SETTINGS },
    workshop: { ...DEFAULT_WORKSHOP_SETTINGS },
    quotes: { replyHours: DEFAULT_QUOTE_REPLY_HOURS },
    productFacts: { ...DEFAULT_PRODUCT_FACTS },
    privacy: { ...DEFAULT_PRIVACY_SETTINGS },
    feeds: { ...DEFAULT_FEED_SETTINGS },
    chatOrders: { ...DEFAULT_CHAT_ORDER_SETTINGS },
  };
}

export type LoadedSettings = { settings: ShopSettings; version: string };

type Cache = LoadedSettings & { env: Env; loadedAt: number };
let cache: Cache | null = null;
let generation = 0;
let inflight: { generation: number; promise: Promise<Cache> } | null = null;

/**
 * Mark this instance's copy out of date (a change was saved here, or announced by another instance): the
 * next read loads it again. Code that cannot wait (storeSettings()) keeps the last copy meanwhile.
 */
export function invalidateShopSettings(): void {
  generation++;
  if (cache) cache = { ...cache, loadedAt: Number.NEGATIVE_INFINITY };
}

subscribe((event) => {
  if (event.channel === "resync" || event.table === "shop_settings") invalidateShopSettings();
});

/** Stored settings over the defaults (a field added later keeps its default), checked again. */
function readStored(stored: unknown, e: Env): ShopSettings {
  const merged = mergeSettings(defaultShopSettings(e), stored);
  const parsed = shopSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  // Only our own checked writes and the checked environment get here; keep the shop running.
  logger.error({ issues: parsed.error.issues.slice(0, 5) }, "stored shop settings failed their check");
  return merged;
}

/**
 * First start (run after the migrations): the environment's values become the stored settings. Later
 * starts find the row and leave it alone; several instances starting at once: one wins.
 */
export async function ensureShopSettings(database: Db, e: Env = env()): Promise<void> {
  await database
    .insert(settingsTable)
    .values({ id: 1, settings: defaultShopSettings(e), updatedAt: sql`date_trunc('milliseconds', now())` })
    .onConflictDoNothing({ target: settingsTable.id });
}

async function load(e: Env): Promise<Cache> {
  const gen = generation;
  let [row] = await db().select().from(settingsTable).where(eq(settingsTable.id, 1));
  if (!row) {
    // Not written at start (e.g. a backup from before the settings was restored): the defaults, once.
    await ensureShopSettings(db(), e);
    [row] = await db().select().from(settingsTable).where(eq(settingsTable.id, 1));
  }
  const loaded: Cache = {
    settings: readStored(row!.settings, e),
    version: row!.updatedAt.toISOString(),
    env: e,
    loadedAt: Date.now(),
  };
  // A change announced while this was reading is not overwritten by the older copy.
  if (gen === generation) cache = loaded;
  return loaded;
}

/** The settings with their version (the time of the last save), from this instance's fresh copy. */
export async function loadShopSettings(): Promise<LoadedSettings> {
  const e = env();
  const ttl = eventListenerConnected() ? TTL_LISTENING_MS : TTL_NOT_LISTENING_MS;
  if (cache && cache.env === e && Date.now() - cache.loadedAt < ttl) return cache;
  if (!inflight || inflight.generation !== generation) {
    const entry = { generation, promise: load(e) };
    inflight = entry;
    entry.promise
      .finally(() => {
        if (inflight === entry) inflight = null;
      })
      .catch(() => undefined);
  }
  return inflight.promise;
}

/**
 * The shipping rules with the production board's load (decision 062): the extra making days every custom and
 * made-to-order promise adds. Never stored (the settings' pages read loadShopSettings(), without it).
 */
async function withMakingLoad(settings: ShopSettings): Promise<ShopSettings> {
  const makingLoadDays = await currentMakingLoadDays(settings.workshop);
  return { ...settings, shipping: Object.assign({}, settings.shipping, { makingLoadDays }) };
}

/** The shop's settings (fresh: a change saved on any instance shows at once), promises with the board's load. */
export async function shopSettings(): Promise<ShopSettings> {
  return withMakingLoad((await loadShopSettings()).settings);
}

/**
 * The store's details as pages and e-mails show them: its phones grouped (+91 94120 55678; issue 42), as the
 * settings keep what the owner typed. Formatted here on the server: store.ts is in every storefront page's
 * start-up code, which must not carry libphonenumber-js.
 */
function shownStoreDetails(s: ShopSettings): StoreSettings {
  const d = storeDetails(s, env().PUBLIC_URL);
  return {
    ...d,
    phone: formatPhone(d.phone),
    grievance: { ...d.grievance, phone: formatPhone(d.grievance.phone) },
  };
}

/** The store's public details (name, contact, hours, links, legal, grievance officer). */
export async function loadStoreSettings(): Promise<StoreSettings> {
  return shownStoreDetails(await shopSettings());
}

/** The last copy read (the defaults before any): for code that cannot wait. Prefer shopSettings(). */
export function cachedShopSettings(): ShopSettings {
  return cache?.settings ?? defaultShopSettings();
}

/**
 * The store's details from the last copy read (the defaults before any): for code that cannot wait.
 * Callers that can should use loadStoreSettings().
 */
export function storeSettings(): StoreSettings {
  return shownStoreDetails(cachedShopSettings());
}

export type SaveOutcome = { ok: true; version: string } | { ok: false; reason: "stale" };

/**
 * Save checked settings. `expectedVersion` is the version the admin's form was loaded with: when someone
 * saved in between, nothing is written ("stale"), so nobody overwrites a change they have not seen.
 */
export async function saveShopSettings(
  settings: ShopSettings,
  by: { id: string; email: string },
  expectedVersion: string,
): Promise<SaveOutcome> {
  await loadShopSettings(); // makes sure the row exists
  const rows = await db()
    .update(settingsTable)
    .set({
      settings,
      // Whole milliseconds (the version the form carries), and always later than the last save.
      updatedAt: sql`date_trunc('milliseconds', greatest(now(), ${settingsTable.updatedAt} + interval '1 millisecond'))`,
      updatedBy: by.id,
      updatedByEmail: by.email,
    })
    .where(
      sql`${settingsTable.id} = 1 and date_trunc('milliseconds', ${settingsTable.updatedAt}) = ${expectedVersion}::timestamptz`,
    )
    .returning({ updatedAt: settingsTable.updatedAt });
  invalidateShopSettings();
  if (rows.length === 0) return { ok: false, reason: "stale" };
  logger.info({ by: by.email }, "shop settings saved");
  return { ok: true, version: rows[0]!.updatedAt.toISOString() };
}

/**
 * A section's version (decision 053): a digest of the values its fields hold. A section form carries the one
 * it was loaded with; a save finds the section as it was then, or someone changed it meanwhile.
 */
export function sectionVersion(settings: ShopSettings, slug: SectionSlug): string {
  const owned = Object.entries(ownedValues(slug, flattenValues(settings))).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return crypto.createHash("sha256").update(JSON.stringify(owned)).digest("base64url").slice(0, 22);
}

export type SectionSaveOutcome =
  | { ok: true; version: string }
  | { ok: false; reason: "stale" }
  /** `fieldErrors`: the section's own fields; `elsewhere`: a stored value of another section fails its check. */
  | { ok: false; reason: "invalid"; fieldErrors: FieldErrors; elsewhere: FieldErrors };

/**
 * Save one section's fields (issue 42): the posted values of the fields it owns laid on the settings as they
 * are now (the row locked meanwhile), checked whole by the schema, written. Another section saved since the
 * form was loaded keeps its values; this section changed since (`expectedVersion` no longer its version):
 * nothing is written ("stale").
 */
export async function saveSettingsSection(
  slug: SectionSlug,
  posted: Record<string, string>,
  by: { id: string; email: string },
  expectedVersion: string,
): Promise<SectionSaveOutcome> {
  await loadShopSettings(); // makes sure the row exists
  const e = env();
  const outcome = await db().transaction(async (tx): Promise<SectionSaveOutcome> => {
    const [row] = await tx.select().from(settingsTable).where(eq(settingsTable.id, 1)).for("update");
    const current = readStored(row!.settings, e);
    if (sectionVersion(current, slug) !== expectedVersion) return { ok: false, reason: "stale" };
    const values = flattenValues(current);
    for (const name of Object.keys(values)) if (sectionOfField(name) === slug) delete values[name];
    const parsed = shopSettingsSchema.safeParse(nestValues({ ...values, ...ownedValues(slug, posted) }));
    if (!parsed.success) {
      const all = Object.entries(fieldErrorsOf(parsed.error));
      const own = all.filter(([name]) => sectionOfField(name) === slug);
      return {
        ok: false,
        reason: "invalid",
        fieldErrors: Object.fromEntries(own),
        elsewhere: Object.fromEntries(all.filter(([name]) => sectionOfField(name) !== slug)),
      };
    }
    await tx
      .update(settingsTable)
      .set({
        settings: parsed.data,
        updatedAt: sql`date_trunc('milliseconds', greatest(now(), ${settingsTable.updatedAt} + interval '1 millisecond'))`,
        updatedBy: by.id,
        updatedByEmail: by.email,
      })
      .where(eq(settingsTable.id, 1));
    return { ok: true, version: sectionVersion(parsed.data, slug) };
  });
  invalidateShopSettings();
  if (outcome.ok) logger.info({ by: by.email, section: slug }, "shop settings saved");
  return outcome;
}

/** What every storefront page gets (root loader): the store's details, the shipping rules, the version. */
export async function loadPublicSettings() {
  const loaded = await loadShopSettings();
  const settings = await withMakingLoad(loaded.settings);
  const version = loaded.version;
  return {
    store: shownStoreDetails(settings),
    shipping: settings.shipping,
    settingsVersion: version,
    /** The checkout offers "Remind me about this cart" (issue 30, recovery-settings.ts). */
    cartReminders: settings.recovery.enabled === "yes",
  };
}
