import { z } from "~/shared/zod";
import {
  PAYMENT_METHOD_IDS,
  ORDER_STATUS_IDS,
  PAYMENT_STATUS_IDS,
} from "~/features/order-lifecycle/order-status";
import { fieldErrorsOf } from "~/shared/form-errors";
import { ORDER_TODOS } from "~/features/order-lifecycle/owner-todo";

/** The admin order lists' search and filter form: it lives in the URL. */

export const ORDERS_PAGE_SIZE = 50;

/**
 * Which orders a list shows: real orders (the default: an online order whose payment never came in is an
 * abandoned attempt, not an order), only those abandoned online attempts, or everything.
 */
export const ORDER_VIEWS = ["orders", "attempts", "all"] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];
export const ORDER_VIEW_LABELS: Record<OrderView, string> = {
  orders: "Orders",
  attempts: "Abandoned online attempts",
  all: "Orders and abandoned attempts",
};
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
    show: z.preprocess(
      (v) => (v === "" || v === null || v === "orders" ? undefined : v),
      z.enum(ORDER_VIEWS, "Unknown view.").optional(),
    ),
    /** One of the owner's to-dos (the dashboard's queue links here). */
    todo: z.preprocess(emptyToUndefined, z.enum(ORDER_TODOS, "Unknown to-do.").optional()),
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

const FILTER_KEYS = ["q", "status", "method", "payment", "show", "todo", "from", "to", "page"] as const;

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
