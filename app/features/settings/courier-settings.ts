import { GST_STATES } from "~/shared/gst-states";
import { singleLine } from "~/shared/text";
import { z } from "~/shared/zod";
import { wholeOr, yesNoOr } from "./settings-rules";

/*
 * How the shop ships through the courier (issue 28, decision 040), stored in the shop settings' JSON under
 * `courier` and edited on /admin/settings ("Courier"): the pickup address and the nickname Shiprocket
 * knows it by (every booking names it), the box and weight of each product size (ready-made and custom
 * signs differ: a custom XL is a metre wide), and which courier the shop picks by default. The pickup PIN
 * code itself stays `shipping.pickupPincode` (delivery dates are counted from it).
 */

export const PRODUCT_SIZE_IDS = ["S", "M", "L", "XL"] as const;
export type ParcelSizeId = (typeof PRODUCT_SIZE_IDS)[number];
export type ParcelKind = "ready" | "custom";

export type Box = { lengthCm: number; breadthCm: number; heightCm: number; weightKg: number };
export type Boxes = Record<ParcelKind, Record<ParcelSizeId, Box>>;

export const COURIER_PREFERENCES = ["cheapest", "fastest"] as const;
export type CourierPreference = (typeof COURIER_PREFERENCES)[number];

export const COURIER_PREFERENCE_LABELS: Record<CourierPreference, string> = {
  cheapest: "The cheapest",
  fastest: "The fastest",
};

/**
 * Flat cartons a little larger than the sign (ready-made signs are 15 to 61 cm square, custom ones 30 to
 * 100 cm wide), weights with the acrylic backing, adaptor and packing.
 */
export const DEFAULT_BOXES: Boxes = {
  ready: {
    S: { lengthCm: 25, breadthCm: 25, heightCm: 8, weightKg: 0.6 },
    M: { lengthCm: 40, breadthCm: 40, heightCm: 8, weightKg: 1 },
    L: { lengthCm: 56, breadthCm: 56, heightCm: 10, weightKg: 1.8 },
    XL: { lengthCm: 72, breadthCm: 72, heightCm: 10, weightKg: 2.6 },
  },
  custom: {
    S: { lengthCm: 40, breadthCm: 25, heightCm: 8, weightKg: 0.8 },
    M: { lengthCm: 60, breadthCm: 35, heightCm: 8, weightKg: 1.3 },
    L: { lengthCm: 80, breadthCm: 45, heightCm: 10, weightKg: 2 },
    XL: { lengthCm: 110, breadthCm: 55, heightCm: 12, weightKg: 3.2 },
  },
};

export type PickupAddress = {
  name: string;
  phone: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
};

/**
 * The shop's own promise per state or union territory (issue 42), where no courier API answers (manual
 * mode): business days added to the settings' delivery window, and whether cash on delivery is offered
 * there at all. The PIN code's state (India Post's directory) picks the row.
 */
export type StateDelivery = { extraDays: number; cod: "yes" | "no" };
export const DEFAULT_STATE_DELIVERY: StateDelivery = { extraDays: 0, cod: "yes" };
export const MAX_STATE_EXTRA_DAYS = 30;

/** Every state and union territory at the default: no extra days, cash on delivery offered. */
export function defaultStateDeliveries(): Record<string, StateDelivery> {
  return Object.fromEntries(GST_STATES.map((s) => [s.slug, { ...DEFAULT_STATE_DELIVERY }]));
}

/** A state's row (a state the settings do not know: the default). */
export function stateDeliveryOf(
  byState: Record<string, StateDelivery> | undefined,
  slug: string,
): { extraDays: number; cod: boolean } {
  const row = byState?.[slug] ?? DEFAULT_STATE_DELIVERY;
  return { extraDays: row.extraDays, cod: row.cod !== "no" };
}

export type CourierSettings = {
  pickup: PickupAddress;
  /** The pickup location's nickname at Shiprocket: named in every order the shop creates there. */
  pickupLocation: string;
  boxes: Boxes;
  prefer: CourierPreference;
  /** Couriers that win when they serve the order, first one first: Shiprocket courier ids or names. */
  preferredCouriers: string[];
  /** Manual mode's delivery days and cash on delivery per state (by the state's slug). */
  byState: Record<string, StateDelivery>;
};

/**
 * The first-start values: Shiprocket's first pickup location is called "Primary"; the contact is the store's
 * (its phone, or its WhatsApp number when that is not an Indian mobile) at the store's address, in Badaun,
 * Uttar Pradesh (the workshop of the default pickup PIN code 243601) until the owner sets them.
 */
export function defaultCourierSettings(store: {
  name: string;
  phone: string;
  whatsapp: string;
  address: string;
}): CourierSettings {
  return {
    pickup: {
      name: store.name.slice(0, 60),
      phone: indianPhone(store.phone) ?? indianPhone(store.whatsapp) ?? "9876543210",
      address1: store.address.replace(/\s+/g, " ").trim().slice(0, 80) || "Workshop",
      address2: null,
      city: "Badaun",
      state: "uttar-pradesh",
    },
    pickupLocation: "Primary",
    boxes: DEFAULT_BOXES,
    prefer: "cheapest",
    preferredCouriers: [],
    byState: defaultStateDeliveries(),
  };
}

/** A 10-digit Indian mobile number (a +91, 91 or 0 in front, spaces and dashes ignored), or null. */
export function indianPhone(raw: string): string | null {
  let d = raw.trim().replace(/[\s\-.()]/g, "");
  if (d.startsWith("+91")) d = d.slice(3);
  else if (d.length === 12 && d.startsWith("91")) d = d.slice(2);
  else if (d.length === 11 && d.startsWith("0")) d = d.slice(1);
  return /^[6-9][0-9]{9}$/.test(d) ? d : null;
}

export const PICKUP_PHONE_MESSAGE = "Pickup phone must be a 10-digit Indian mobile number, e.g. 98765 43210";
export const PICKUP_STATE_MESSAGE = "Choose the pickup address's state";
export const PICKUP_LOCATION_MESSAGE =
  "Pickup location nickname: 1 to 36 letters, digits, spaces, dashes or underscores";
export const PREFERRED_COURIERS_MESSAGE =
  "Preferred couriers: up to 10 names or courier ids, separated by commas (e.g. Delhivery, 43)";

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(singleLine(label));

/** A number typed into the form or stored: `decimals` places at most, within min and max. */
const measure = (label: string, unit: string, min: number, max: number, decimals: number) =>
  z.union([z.string(), z.number()], { error: `${label} is required` }).transform((raw, ctx): number => {
    const s = String(raw).trim().replace(",", ".");
    const pattern = decimals ? new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`) : /^\d+$/;
    if (s === "") ctx.addIssue({ code: "custom", message: `${label} is required` });
    else if (!pattern.test(s))
      ctx.addIssue({
        code: "custom",
        message: decimals
          ? `${label} must be a number of ${unit} with at most ${decimals} decimals`
          : `${label} must be a whole number of ${unit}`,
      });
    else if (Number(s) < min || Number(s) > max)
      ctx.addIssue({ code: "custom", message: `${label} must be between ${min} and ${max} ${unit}` });
    else return Number(s);
    return z.NEVER;
  });

export const SIZE_NAMES: Record<ParcelSizeId, string> = {
  S: "Small",
  M: "Medium",
  L: "Large",
  XL: "Extra Large",
};
const KIND_NAMES: Record<ParcelKind, string> = { ready: "Ready-made", custom: "Custom" };

const box = (kind: ParcelKind, size: ParcelSizeId) => {
  const name = `${KIND_NAMES[kind]} ${SIZE_NAMES[size]}`;
  return z.object({
    lengthCm: measure(`${name}: length`, "cm", 1, 300, 0),
    breadthCm: measure(`${name}: breadth`, "cm", 1, 300, 0),
    heightCm: measure(`${name}: height`, "cm", 1, 300, 0),
    weightKg: measure(`${name}: weight`, "kg", 0.05, 100, 2),
  });
};

const boxesOf = (kind: ParcelKind) =>
  z.object({ S: box(kind, "S"), M: box(kind, "M"), L: box(kind, "L"), XL: box(kind, "XL") });

const STATE_SLUGS = GST_STATES.map((s) => s.slug);

/** Each state's row; settings saved before it, and a row left empty, take the defaults. */
const byStateSchema = z.preprocess(
  (v) => v ?? {},
  z.object(
    Object.fromEntries(
      GST_STATES.map((s) => [
        s.slug,
        z.preprocess(
          (v) => v ?? {},
          z.object({
            extraDays: wholeOr(`${s.name}: extra days`, 0, MAX_STATE_EXTRA_DAYS, 0),
            cod: yesNoOr("yes"),
          }),
        ),
      ]),
    ),
  ),
);

export const courierSettingsSchema = z.object({
  pickup: z.object({
    name: text("Pickup contact name", 60),
    phone: z.string({ error: PICKUP_PHONE_MESSAGE }).transform((v, ctx) => {
      const phone = indianPhone(v);
      if (phone) return phone;
      ctx.addIssue({ code: "custom", message: PICKUP_PHONE_MESSAGE });
      return z.NEVER;
    }),
    // Shiprocket takes 80 characters on the first address line.
    address1: text("Pickup address line 1", 80),
    address2: z
      .string()
      .trim()
      .max(80, "Pickup address line 2 must be at most 80 characters")
      .superRefine(singleLine("Pickup address line 2"))
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    city: text("Pickup city", 60),
    state: z
      .string({ error: PICKUP_STATE_MESSAGE })
      .refine((v) => STATE_SLUGS.includes(v), PICKUP_STATE_MESSAGE),
  }),
  pickupLocation: z
    .string({ error: PICKUP_LOCATION_MESSAGE })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,35}$/, PICKUP_LOCATION_MESSAGE),
  boxes: z.object({ ready: boxesOf("ready"), custom: boxesOf("custom") }),
  prefer: z.enum(COURIER_PREFERENCES, { error: "Choose the cheapest or the fastest courier" }),
  preferredCouriers: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v, ctx) => {
      const parts = (Array.isArray(v) ? v : (v ?? "").split(/[,;\n]+/)).map((p) => p.trim()).filter(Boolean);
      if (parts.length > 10 || parts.some((p) => p.length > 60 || !/^[\p{L}\p{N} .&()_-]+$/u.test(p))) {
        ctx.addIssue({ code: "custom", message: PREFERRED_COURIERS_MESSAGE });
        return z.NEVER;
      }
      // The first spelling of each name stands; a repeat is dropped.
      return parts.filter((p, i) => parts.findIndex((q) => q.toLowerCase() === p.toLowerCase()) === i);
    }),
  byState: byStateSchema,
});
