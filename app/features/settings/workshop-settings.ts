import { z } from "~/shared/zod";
import { CUSTOM_COLORS } from "~/features/sign-options/custom-colors";
import { CUSTOM_SIZES } from "~/features/sign-options/custom-options";
import { wholeOr } from "./settings-rules";

/*
 * The workshop's settings (issue 44, decision 059), stored in the shop settings' JSON under `workshop`; settings
 * saved before it get these defaults. Three groups: how a sign is drawn for making (the geometry engine's
 * GeometrySettings), what making costs (the costs and margins), and how much the workshop makes a day (the
 * production board's load and the delivery promise's making days). Money in whole rupees, lengths in mm.
 */

export const DEFAULT_WORKSHOP_SETTINGS = {
  // How a sign is drawn (sign-geometry's GeometrySettings).
  ledWattsPerMetre: 9.6,
  /** The adaptor ratings on the shelf (W), comma-separated. */
  adaptorRatings: "12, 24, 36, 48, 60, 72, 96, 120, 150, 200, 250, 300",
  backingMarginMm: 15,
  cornerRadiusMm: 10,
  holeDiameterMm: 5,
  holeInsetMm: 12,
  acrylicThicknessMm: 5 as 3 | 5 | 8,
  // What making costs (₹).
  /** LED flex per metre, by colour id (sign-options/custom-colors.ts); a colour left out costs `ledDefault`. */
  ledCostPerMetre: {
    default: 180,
    white: 160,
    blue: 180,
    pink: 180,
    purple: 190,
    red: 170,
    green: 180,
    yellow: 170,
    orange: 180,
  } as Record<string, number>,
  /** Acrylic per m², by thickness (mm). */
  acrylicCostPerM2: { "3": 900, "5": 1400, "8": 2200 } as Record<string, number>,
  /** Each adaptor rating's cost, "W:₹" pairs, comma-separated; a rating left out costs the next listed one's. */
  adaptorCosts:
    "12:220, 24:300, 36:380, 48:450, 60:520, 72:600, 96:750, 120:900, 150:1100, 200:1400, 250:1700, 300:2000",
  dimmerCost: 150,
  labourPerMetre: 120,
  /** Packing by the sign's size id (S, M, L, XL). */
  packingBySize: { S: 150, M: 220, L: 320, XL: 450 } as Record<string, number>,
  /** LED flex of a ready-made product, metres per size id, where the product does not say its own. */
  readyMadeLedMetres: { S: 2.5, M: 4, L: 6, XL: 9 } as Record<string, number>,
  // How much the workshop makes.
  /** Metres of flex the workshop bends in a working day (the production board's capacity). */
  capacityMetresPerDay: 25,
};

const D = DEFAULT_WORKSHOP_SETTINGS;

/** A decimal from `min` to `max`, `fallback` when empty. */
const decimalOr = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? fallback : typeof v === "string" ? v.trim() : v),
    z.coerce
      .number({ error: `${label} must be a number` })
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

/** One whole-rupee field per key (e.g. per colour), each labelled by its name; an empty field takes its default. */
const rupeesByKey = (
  keys: readonly { id: string; name: string }[],
  label: (name: string) => string,
  fallback: Record<string, number>,
) =>
  z.preprocess(
    (v) => (v && typeof v === "object" ? v : {}),
    z.object(
      Object.fromEntries(
        keys.map((k) => [k.id, wholeOr(label(k.name), 0, 1_000_000, fallback[k.id] ?? 0)]),
      ) as Record<string, ReturnType<typeof wholeOr>>,
    ),
  );

/** The keys of the workshop's per-key costs, with the names their fields are labelled by. */
export const LED_COST_KEYS = [
  ...CUSTOM_COLORS.map((c) => ({ id: c.id as string, name: c.name as string })),
  { id: "default", name: "any other colour" },
] as const;
export const ACRYLIC_THICKNESSES = [
  { id: "3", name: "3 mm" },
  { id: "5", name: "5 mm" },
  { id: "8", name: "8 mm" },
] as const;
/** The sizes of both kinds of sign (custom S-XL and ready-made S-XL share their ids). */
export const WORKSHOP_SIZES = CUSTOM_SIZES.map((s) => ({ id: s.id as string, name: s.label as string }));

/** "12, 24, 36": whole watts, at least one, each 1-2000. */
const ratingsOr = (fallback: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? fallback : String(v).trim()),
    z.string().refine((s) => parseRatings(s) !== null, {
      message: "Adaptor ratings: whole watts from 1 to 2000, separated by commas (e.g. 24, 36, 60)",
    }),
  );

/** "24:300, 36:380": each rating's cost. */
const adaptorCostsOr = (fallback: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? fallback : String(v).trim()),
    z.string().refine((s) => parseAdaptorCosts(s) !== null, {
      message: "Adaptor costs: pairs of watts and rupees, separated by commas (e.g. 24:300, 36:380)",
    }),
  );

export const workshopSettingsSchema = z.object({
  ledWattsPerMetre: decimalOr("LED watts per metre", 1, 50, D.ledWattsPerMetre),
  adaptorRatings: ratingsOr(D.adaptorRatings),
  backingMarginMm: wholeOr("Backing margin (mm)", 3, 60, D.backingMarginMm),
  cornerRadiusMm: wholeOr("Corner radius (mm)", 0, 100, D.cornerRadiusMm),
  holeDiameterMm: decimalOr("Hole diameter (mm)", 2, 12, D.holeDiameterMm),
  holeInsetMm: decimalOr("Hole inset (mm)", 4, 50, D.holeInsetMm),
  acrylicThicknessMm: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? D.acrylicThicknessMm : Number(v)),
    z.union([z.literal(3), z.literal(5), z.literal(8)], { error: "Choose 3, 5 or 8 mm acrylic" }),
  ),
  ledCostPerMetre: rupeesByKey(LED_COST_KEYS, (n) => `LED flex for ${n} (₹/m)`, D.ledCostPerMetre),
  acrylicCostPerM2: rupeesByKey(ACRYLIC_THICKNESSES, (n) => `Acrylic ${n} (₹/m²)`, D.acrylicCostPerM2),
  adaptorCosts: adaptorCostsOr(D.adaptorCosts),
  dimmerCost: wholeOr("Dimmer cost", 0, 100_000, D.dimmerCost),
  labourPerMetre: wholeOr("Labour per metre", 0, 100_000, D.labourPerMetre),
  packingBySize: rupeesByKey(WORKSHOP_SIZES, (n) => `Packing, ${n} (₹)`, D.packingBySize),
  readyMadeLedMetres: z.preprocess(
    (v) => (v && typeof v === "object" ? v : {}),
    z.object(
      Object.fromEntries(
        WORKSHOP_SIZES.map((k) => [
          k.id,
          decimalOr(`LED flex of a ready-made ${k.name} sign (m)`, 0.1, 200, D.readyMadeLedMetres[k.id]!),
        ]),
      ) as Record<string, ReturnType<typeof decimalOr>>,
    ),
  ),
  capacityMetresPerDay: decimalOr("Metres of flex bent a day", 1, 10_000, D.capacityMetresPerDay),
});
export type WorkshopSettings = z.output<typeof workshopSettingsSchema>;

/** "12, 24, 36" as numbers, or null when a part is not a whole number of watts from 1 to 2000. */
export function parseRatings(s: string): number[] | null {
  const parts = s
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length === 0) return null;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,4}$/.test(p)) return null;
    const n = Number(p);
    if (n < 1 || n > 2000) return null;
    out.push(n);
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

/** "24:300, 36:380" as [watts, rupees] pairs sorted by watts, or null when a pair is malformed. */
export function parseAdaptorCosts(s: string): [number, number][] | null {
  const parts = s
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length === 0) return null;
  const out: [number, number][] = [];
  for (const p of parts) {
    const m = /^(\d{1,4})\s*:\s*(\d{1,7})$/.exec(p);
    if (!m) return null;
    const w = Number(m[1]);
    if (w < 1 || w > 2000) return null;
    out.push([w, Number(m[2])]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}
