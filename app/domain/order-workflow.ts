import { hasControlCharacters, UNUSUAL_CHARACTERS_MESSAGE } from "./text";
import { z } from "./zod";
import { BACKING_SHAPES, CUSTOM_COLORS, CUSTOM_FONTS, CUSTOM_SIZES } from "./customizer";
import { displayCustomOrderId, displayOrderId } from "./checkout";
import { PRODUCT_SIZES } from "./product-pricing";

/**
 * The order workflow for staff (PRODUCT.md "Order workflow for staff"): which status and payment-status
 * moves are allowed, what they need, how they are shown, how orders are named and exported. Pure; the
 * server checks every move with these rules inside the transaction that makes it.
 */

export const ORDER_STATUS_IDS = [
  "pending",
  "confirmed",
  "in_production",
  "dispatched",
  "delivered",
  "cancelled",
] as const;
export const PAYMENT_STATUS_IDS = ["pending", "paid", "failed", "refunded"] as const;
export const PAYMENT_METHOD_IDS = ["razorpay", "cod"] as const;

export type OrderStatus = (typeof ORDER_STATUS_IDS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUS_IDS)[number];
export type PaymentMethod = (typeof PAYMENT_METHOD_IDS)[number];
export type OrderKind = "order" | "custom";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  in_production: "In Production",
  dispatched: "Dispatched",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  refunded: "Refunded",
};

export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? "Pending";
}

/** The spec: 'failed' is shown; any other unknown value shows Pending. */
export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? "Pending";
}

/** The table's Payment column: 'COD' or 'Online Payment' (the spec), marked Test for the test gateway. */
export function paymentMethodLabel(method: string, isTest = false): string {
  if (method === "cod") return "COD";
  return isTest ? "Online Payment (Test)" : "Online Payment";
}

// One truth for the ids shown to shoppers and staff: the checkout's ('NL' + first uuid segment; custom: first 8 characters).
export { displayCustomOrderId, displayOrderId } from "./checkout";

export function displayId(kind: OrderKind, id: string): string {
  return kind === "order" ? displayOrderId(id) : displayCustomOrderId(id);
}

// ---------------------------------------------------------------------------------------------------
// Order status

/** Forward one step at a time; cancelled from any state before dispatched; delivered and cancelled are final. */
const STATUS_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["confirmed", "cancelled"],
  confirmed: ["in_production", "cancelled"],
  in_production: ["dispatched", "cancelled"],
  dispatched: ["delivered"],
  delivered: [],
  cancelled: [],
};

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return STATUS_MOVES[from] ?? [];
}

export type OrderState = { status: OrderStatus; paymentStatus: PaymentStatus; paymentMethod: PaymentMethod };

export type StatusMove = {
  to: OrderStatus;
  courier?: string | undefined;
  trackingNumber?: string | undefined;
};

export type MoveCheck =
  { ok: true } | { ok: false; message: string; field?: "courier" | "trackingNumber" | "to" };

export function checkStatusMove(order: OrderState, move: StatusMove): MoveCheck {
  const { status: from } = order;
  if (from === move.to)
    return { ok: false, field: "to", message: `The order is already ${orderStatusLabel(from)}.` };
  if (!nextStatuses(from).includes(move.to)) {
    if (move.to === "cancelled") {
      return {
        ok: false,
        field: "to",
        message: `A ${orderStatusLabel(from).toLowerCase()} order cannot be cancelled.`,
      };
    }
    return {
      ok: false,
      field: "to",
      message: `An order cannot move from ${orderStatusLabel(from)} to ${orderStatusLabel(move.to)}.`,
    };
  }
  if (move.to === "confirmed" && order.paymentMethod === "razorpay" && order.paymentStatus !== "paid") {
    return { ok: false, field: "to", message: "An online order can be confirmed only after it is paid." };
  }
  if (move.to === "dispatched") {
    if (!move.courier?.trim()) return { ok: false, field: "courier", message: "Enter the courier." };
    if (!move.trackingNumber?.trim())
      return { ok: false, field: "trackingNumber", message: "Enter the tracking number." };
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------------
// Payment status

export function checkPaymentMove(order: OrderState, to: PaymentStatus): MoveCheck {
  const from = order.paymentStatus;
  if (from === to)
    return { ok: false, field: "to", message: `The payment is already ${paymentStatusLabel(from)}.` };
  if (order.status === "cancelled" && !(from === "paid" && to === "refunded")) {
    return { ok: false, field: "to", message: "A cancelled order's payment can only be refunded." };
  }
  switch (to) {
    case "paid":
      if (from === "refunded")
        return { ok: false, field: "to", message: "A refunded payment cannot be marked paid again." };
      // Cash on delivery is collected when the sign is handed over.
      if (order.paymentMethod === "cod" && order.status !== "delivered" && order.status !== "dispatched") {
        return {
          ok: false,
          field: "to",
          message: "A cash on delivery order is marked paid when it is delivered.",
        };
      }
      return { ok: true };
    case "pending":
      if (from === "paid" && order.paymentMethod === "razorpay") {
        return { ok: false, field: "to", message: "A paid online order cannot go back to pending." };
      }
      if (from === "refunded")
        return { ok: false, field: "to", message: "A refunded payment cannot go back to pending." };
      return { ok: true };
    case "failed":
      if (from !== "pending")
        return {
          ok: false,
          field: "to",
          message: `A ${paymentStatusLabel(from).toLowerCase()} payment cannot be marked failed.`,
        };
      return { ok: true };
    case "refunded":
      if (from !== "paid") return { ok: false, field: "to", message: "Only a paid order can be refunded." };
      return { ok: true };
  }
}

export function nextPaymentStatuses(order: OrderState): PaymentStatus[] {
  return PAYMENT_STATUS_IDS.filter((to) => checkPaymentMove(order, to).ok);
}

// ---------------------------------------------------------------------------------------------------
// Forms (one schema per form, used by the dialog and the action)

const note = z
  .string()
  .trim()
  .max(500, "Keep the note under 500 characters.")
  .refine((v) => !hasControlCharacters(v), UNUSUAL_CHARACTERS_MESSAGE)
  .optional()
  .transform((v) => (v ? v : undefined));

const shortText = (label: string) =>
  z
    .string()
    .trim()
    .max(80, `Keep the ${label} under 80 characters.`)
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `The ${label} has characters that are not allowed.`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const orderKindSchema = z.enum(["order", "custom"]);

export const statusChangeSchema = z
  .object({
    intent: z.literal("status"),
    kind: orderKindSchema,
    id: z.uuid("Unknown order."),
    to: z.enum(ORDER_STATUS_IDS, "Choose a status."),
    expected: z.enum(ORDER_STATUS_IDS).optional(),
    courier: shortText("courier"),
    trackingNumber: shortText("tracking number"),
    markPaid: z
      .union([z.literal("on"), z.literal("true"), z.boolean()])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
    note,
  })
  .superRefine((v, ctx) => {
    if (v.to !== "dispatched") return;
    if (!v.courier) ctx.addIssue({ code: "custom", path: ["courier"], message: "Enter the courier." });
    if (!v.trackingNumber)
      ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: "Enter the tracking number." });
  });

export const paymentChangeSchema = z.object({
  intent: z.literal("payment"),
  kind: orderKindSchema,
  id: z.uuid("Unknown order."),
  to: z.enum(PAYMENT_STATUS_IDS, "Choose a payment status."),
  expected: z.enum(PAYMENT_STATUS_IDS).optional(),
  note,
});

export const orderChangeSchema = z.discriminatedUnion("intent", [statusChangeSchema, paymentChangeSchema]);

type Loose<T, K extends keyof T> = Omit<T, K> & { [P in K]?: T[P] | undefined };
/** A checked status change (optional parts may be left out by server callers). */
export type StatusChange = Loose<
  z.output<typeof statusChangeSchema>,
  "intent" | "courier" | "trackingNumber" | "markPaid" | "note"
>;
export type PaymentChange = Loose<z.output<typeof paymentChangeSchema>, "intent" | "note">;

export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Finding orders: the search/filter form lives in the URL

export const ORDERS_PAGE_SIZE = 50;
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2025-08-31.")
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    "Not a valid date.",
  );

const emptyToUndefined = (v: unknown) => (v === "" || v === "all" || v === null ? undefined : v);

export const orderFiltersSchema = z
  .object({
    q: z.preprocess(
      emptyToUndefined,
      z.string().trim().max(100, "Search for at most 100 characters.").optional(),
    ),
    status: z.preprocess(emptyToUndefined, z.enum(ORDER_STATUS_IDS, "Unknown status.").optional()),
    method: z.preprocess(emptyToUndefined, z.enum(PAYMENT_METHOD_IDS, "Unknown payment method.").optional()),
    payment: z.preprocess(emptyToUndefined, z.enum(PAYMENT_STATUS_IDS, "Unknown payment status.").optional()),
    from: z.preprocess(emptyToUndefined, isoDate.optional()),
    to: z.preprocess(emptyToUndefined, isoDate.optional()),
    page: z.preprocess(
      emptyToUndefined,
      z.coerce.number("Not a page number.").int("Not a page number.").min(1).max(100_000).default(1),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "The end date must be on or after the start date.",
      });
  });

export type OrderFilters = z.output<typeof orderFiltersSchema>;

const FILTER_KEYS = ["q", "status", "method", "payment", "from", "to", "page"] as const;

export function parseOrderFilters(
  params: URLSearchParams,
):
  { ok: true; filters: OrderFilters } | { ok: false; errors: Record<string, string>; filters: OrderFilters } {
  const raw: Record<string, string> = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v !== null) raw[k] = v;
  }
  const parsed = orderFiltersSchema.safeParse(raw);
  if (parsed.success) return { ok: true, filters: parsed.data };
  // Keep the fields that are fine, so the form shows what was asked and points at the bad ones.
  const errors = fieldErrorsOf(parsed.error);
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (!errors[k]) kept[k] = v;
  const fallback = orderFiltersSchema.safeParse(kept);
  return { ok: false, errors, filters: fallback.success ? fallback.data : { page: 1 } };
}

/** The URL query of a filter set (page 1 and empty values left out), for links and the CSV export. */
export function orderFiltersToQuery(
  f: Partial<OrderFilters>,
  overrides: Partial<OrderFilters> = {},
): URLSearchParams {
  const merged = { ...f, ...overrides };
  const out = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = merged[k];
    if (v === undefined || v === "" || (k === "page" && v === 1)) continue;
    out.set(k, String(v));
  }
  return out;
}

export type SearchTerms = {
  /** A whole uuid. */
  uuid?: string;
  /** Leading hex digits of the uuid (from 'NL1A2B…' or '1a2b…'), lowercased, 4 to 32 digits without dashes. */
  idPrefix?: string;
  /** Digits of a phone number (at least 4), without +91/0 in front when a whole number was typed. */
  phoneDigits?: string;
  /** Lowercased text for an e-mail prefix match. */
  emailPrefix?: string;
  /** Words (letters and digits) for a word-prefix match on the name. */
  nameWords: string[];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What one search box entry can mean: an order id, a phone number, an e-mail, a name. Matches are ORed. */
export function searchTerms(q: string | undefined): SearchTerms | null {
  const s = (q ?? "").trim();
  if (!s) return null;
  const terms: SearchTerms = { nameWords: [] };
  if (UUID.test(s)) {
    terms.uuid = s.toLowerCase();
    return terms;
  }
  const hex = s.replace(/^#/, "").replace(/^nl/i, "").replace(/-/g, "");
  if (/^[0-9a-f]{4,32}$/i.test(hex)) terms.idPrefix = hex.toLowerCase();
  const digits = s.replace(/[\s\-().]/g, "");
  if (/^\+?\d{4,13}$/.test(digits)) {
    let d = digits.replace(/^\+/, "");
    if (d.length === 12 && d.startsWith("91")) d = d.slice(2);
    else if (d.length === 11 && d.startsWith("0")) d = d.slice(1);
    terms.phoneDigits = d;
  }
  if (!/\s/.test(s)) terms.emailPrefix = s.toLowerCase();
  terms.nameWords = (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 6);
  return terms;
}

/** A uuid range [low, high] covering every id that starts with the given hex digits. */
export function uuidPrefixRange(hexPrefix: string): [string, string] {
  const h = hexPrefix.toLowerCase().slice(0, 32);
  const fmt = (x: string) =>
    `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
  return [fmt(h.padEnd(32, "0")), fmt(h.padEnd(32, "f"))];
}

/** Escape LIKE's wildcards for a prefix match (with the default backslash escape). */
export function likePrefix(s: string): string {
  return `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---------------------------------------------------------------------------------------------------
// CSV

/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: numbers as they are; text that could start a formula gets a leading apostrophe (also
 * when spaces come first); commas, quotes and line breaks are quoted (RFC 4180, quotes doubled).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  let s = value;
  if (FORMULA_START.test(s) || FORMULA_START.test(s.replace(/^[ \u00a0]+/, ""))) s = `'${s}`;
  if (/[",\r\n]/.test(s) || s !== s.trim()) s = `"${s.replace(/"/g, '""')}"`;
  return s;
}

export function csvRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

// India keeps one offset all year (UTC+05:30, no daylight saving): plain arithmetic, fast for big exports.
const IST_OFFSET_MS = 330 * 60_000;
let istDate: Intl.DateTimeFormat | undefined;

/** A date and time in India for lists and exports: 2025-08-31 14:05. */
export function formatIstDateTime(d: Date | string): string {
  const date = typeof d === "string" ? new Date(d) : d;
  const iso = new Date(date.getTime() + IST_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** A date in India for the tables: 31 Aug 2025. */
export function formatIstDate(d: Date | string): string {
  const date = typeof d === "string" ? new Date(d) : d;
  istDate ??= new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  return istDate.format(date);
}

// ---------------------------------------------------------------------------------------------------
// Configurations in words

export type ShippingAddressLike = {
  address1: string;
  address2?: string | undefined;
  landmark?: string | undefined;
  city: string;
  state: string;
  pincode: string;
};

export type StoredProductConfig = {
  size?: string;
  color?: string;
  brightnessController?: boolean;
  productType?: string;
};

/** An order line's configuration: parsed from an object or a JSON string (older rows), never throwing. */
export function readProductConfig(raw: unknown): StoredProductConfig {
  let v = raw;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return {};
    }
  }
  if (!v || typeof v !== "object") return {};
  const o = v as Record<string, unknown>;
  return {
    ...(typeof o.size === "string" ? { size: o.size } : {}),
    ...(typeof o.color === "string" ? { color: o.color } : {}),
    ...(typeof o.brightnessController === "boolean" ? { brightnessController: o.brightnessController } : {}),
    ...(typeof o.productType === "string" ? { productType: o.productType } : {}),
  };
}

export function productSizeLabel(size: string | undefined): string {
  const s = PRODUCT_SIZES.find((x) => x.id === size);
  return s ? `${s.label} (${s.dimensions})` : (size ?? "Not given");
}

/** "Size: Medium (1ft x 1ft), Colour: Blue, Brightness controller: Yes, Type: Standard". */
export function describeProductConfig(raw: unknown): { label: string; value: string }[] {
  const c = readProductConfig(raw);
  return [
    { label: "Size", value: productSizeLabel(c.size) },
    { label: "Colour", value: c.color ?? "Not given" },
    { label: "Brightness controller", value: c.brightnessController ? "Yes" : "No" },
    { label: "Type", value: c.productType ?? "Standard" },
  ];
}

export function customFontName(id: string): string {
  return CUSTOM_FONTS.find((f) => f.id === id)?.name ?? id;
}
export function customColorName(id: string): string {
  return CUSTOM_COLORS.find((c) => c.id === id)?.name ?? id;
}
export function customSizeLabel(id: string): string {
  const s = CUSTOM_SIZES.find((x) => x.id === id);
  return s ? `${s.label} (${s.widthCm}cm)` : id;
}
export function backingShapeName(id: string): string {
  return BACKING_SHAPES.find((b) => b.id === id)?.name ?? id;
}
