import { adaptorFor, type SignMeasurement } from "~/features/sign-geometry/sign-geometry";
import {
  parseAdaptorCosts,
  parseRatings,
  type WorkshopSettings,
} from "~/features/settings/workshop-settings";
import { customColorName } from "~/features/sign-options/line-description";
import { invoiceLines, type SupplyType } from "~/features/invoices/gst-tax";
import { gstStateByCode, gstStateBySlug } from "~/shared/gst-states";

/*
 * What a sign costs to make and what the shop keeps from it (issue 44, decision 061). Pure rules: the workshop's
 * settings (settings/workshop-settings.ts) give the prices; a custom sign's figures come from its measurement
 * (sign-geometry), a ready-made product's from its size (its stored width × height and the settings' LED metres
 * per size). Every item is rounded to whole rupees and the total is their sum, so a person can add it up.
 *
 *   LED flex   metres of each colour × that colour's ₹/m (a colour not listed: "any other colour")
 *   acrylic    backing area (m²) × the set thickness's ₹/m²
 *   adaptor    the rating packed (smallest ≥ 1.2 × watts) at its listed cost (not listed: the next larger one's)
 *   dimmer     when chosen
 *   labour     ₹/m × metres of flex
 *   packing    by the sign's size
 *
 * Margin = the line's revenue without GST − its cost. Prices include GST (decision 021): the revenue without GST
 * is the taxable value the invoice gives the line (its share of the discounts and refunds taken off, the tax
 * split at the order's supply, rounded as the invoice rounds), nothing taken off when the shop issues bills of
 * supply (not registered for GST) or the supply is an export.
 */

export type CostKey = "led" | "acrylic" | "adaptor" | "dimmer" | "labour" | "packing";
export type CostItem = { key: CostKey; label: string; rupees: number };
/** A sign's cost of making (one unit): its items and their sum, in whole rupees. */
export type MakingCost = { items: CostItem[]; total: number; ledMetres: number; adaptorW: number };

const metres = (m: number) => `${m.toFixed(2)} m`;

/** The cost of an adaptor rating: its listed cost, else the next larger listed rating's, else the largest's; 0 with none listed. */
export function adaptorCost(ratingW: number, settings: Pick<WorkshopSettings, "adaptorCosts">): number {
  const costs = parseAdaptorCosts(settings.adaptorCosts) ?? [];
  if (costs.length === 0) return 0;
  return (costs.find(([w]) => w >= ratingW) ?? costs.at(-1)!)[1];
}

/** The LED flex's price per metre for a colour id (blue, pink ...), or the settings' price for any other. */
export function ledPricePerMetre(color: string, settings: Pick<WorkshopSettings, "ledCostPerMetre">): number {
  const table = settings.ledCostPerMetre;
  return Object.hasOwn(table, color) ? table[color]! : (table.default ?? 0);
}

function acrylicItem(areaM2: number, settings: WorkshopSettings): CostItem {
  const thickness = String(settings.acrylicThicknessMm);
  const perM2 = settings.acrylicCostPerM2[thickness] ?? 0;
  return {
    key: "acrylic",
    label: `Acrylic ${thickness} mm, ${areaM2.toFixed(3)} m² at ₹${perM2}/m²`,
    rupees: Math.round(areaM2 * perM2),
  };
}

function commonItems(
  total: number,
  adaptorW: number,
  size: string,
  dimmer: boolean,
  settings: WorkshopSettings,
): CostItem[] {
  const items: CostItem[] = [
    { key: "adaptor", label: `Adaptor ${adaptorW} W`, rupees: adaptorCost(adaptorW, settings) },
  ];
  if (dimmer) items.push({ key: "dimmer", label: "Dimmer", rupees: settings.dimmerCost });
  items.push({
    key: "labour",
    label: `Labour, ${metres(total)} at ₹${settings.labourPerMetre}/m`,
    rupees: Math.round(total * settings.labourPerMetre),
  });
  items.push({ key: "packing", label: `Packing (${size})`, rupees: settings.packingBySize[size] ?? 0 });
  return items;
}

const summed = (items: CostItem[], ledMetres: number, adaptorW: number): MakingCost => ({
  items,
  total: items.reduce((n, i) => n + i.rupees, 0),
  ledMetres,
  adaptorW,
});

/** A custom sign's cost of making (one unit), from its measured figures and the shopper's choices. */
export function customSignCost(
  m: Pick<SignMeasurement, "ledMetres" | "ledMetresTotal" | "adaptorW" | "backingAreaM2">,
  design: { size: string; hasDimmer: boolean },
  settings: WorkshopSettings,
): MakingCost {
  const led: CostItem[] = m.ledMetres.map((l) => {
    const price = ledPricePerMetre(l.color, settings);
    return {
      key: "led",
      label: `LED flex ${customColorName(l.color)}, ${metres(l.metres)} at ₹${price}/m`,
      rupees: Math.round(l.metres * price),
    };
  });
  return summed(
    [
      ...led,
      acrylicItem(m.backingAreaM2, settings),
      ...commonItems(m.ledMetresTotal, m.adaptorW, design.size, design.hasDimmer, settings),
    ],
    m.ledMetresTotal,
    m.adaptorW,
  );
}

/** A ready-made product's line as costed: its size, stored width × height (cm), colour name, dimmer. */
export type ReadyMadeSign = {
  size: string;
  sizeCm: { w: number; h: number };
  /** The product colour as stored on the line ("Blue"); its LED price is that colour's. */
  color: string;
  dimmer: boolean;
  /** The product's own LED metres when it says them; else the settings' metres for its size. */
  ledMetres?: number | null;
};

/** A ready-made product's cost of making (one unit), from its size and the settings. */
export function readyMadeCost(sign: ReadyMadeSign, settings: WorkshopSettings): MakingCost {
  const total = sign.ledMetres ?? settings.readyMadeLedMetres[sign.size] ?? 0;
  const watts = total * settings.ledWattsPerMetre;
  const adaptorW = adaptorFor(watts, parseRatings(settings.adaptorRatings) ?? []);
  const color = sign.color.trim().toLowerCase();
  const price = ledPricePerMetre(color, settings);
  const led: CostItem = {
    key: "led",
    label: `LED flex ${sign.color}, ${metres(total)} at ₹${price}/m`,
    rupees: Math.round(total * price),
  };
  const area = (sign.sizeCm.w * sign.sizeCm.h) / 10_000;
  return summed(
    [led, acrylicItem(area, settings), ...commonItems(total, adaptorW, sign.size, sign.dimmer, settings)],
    total,
    adaptorW,
  );
}

/** What the shop keeps: revenue without GST less the cost, and that as a share of the revenue (one decimal). */
export type Margin = { revenue: number; cost: number; margin: number; percent: number | null };

export function marginOf(revenue: number, cost: number): Margin {
  const margin = revenue - cost;
  return {
    revenue,
    cost,
    margin,
    percent: revenue > 0 ? Math.round((margin / revenue) * 1000) / 10 : null,
  };
}

/** How the GST inside an order's prices is taken out: the rate and supply its invoice uses (rate 0: none). */
export type TaxBasis = { ratePercent: number; supply: SupplyType; estimated: boolean };

/**
 * The order's tax basis as its document has it: a bill of supply (not registered) carries no tax; a tax invoice
 * is intra-state when the delivery state is the GSTIN's, inter-state otherwise, export abroad (no tax). With no
 * GSTIN and no word on registration, the tax is estimated at the set rate (marked estimated).
 */
export function taxBasisOf(
  shop: { gstin: string | null; gstRatePercent: number; notRegistered: boolean },
  delivery: { country: string | null; stateSlug: string | null },
): TaxBasis {
  if (!shop.gstin && shop.notRegistered) return { ratePercent: 0, supply: "intra", estimated: false };
  if (delivery.country && delivery.country !== "IN")
    return { ratePercent: shop.gstRatePercent, supply: "export", estimated: false };
  const seller = shop.gstin ? gstStateByCode(shop.gstin.slice(0, 2)) : undefined;
  const buyer = gstStateBySlug(delivery.stateSlug ?? "");
  const estimated = !seller || !buyer;
  const supply: SupplyType = !estimated && seller.code !== buyer.code ? "inter" : "intra";
  return { ratePercent: shop.gstRatePercent, supply, estimated };
}

/** One line's cost (per unit and for its quantity), revenue without GST and margin; null cost when not costed. */
export type LineCost = {
  label: string;
  quantity: number;
  unit: MakingCost | null;
  /** Why the line has no cost (a design the engine could not measure). */
  problem: string | null;
  revenue: number;
  margin: Margin | null;
};

export type OrderCost = {
  lines: LineCost[];
  /** Every line's together; null when a line could not be costed. */
  total: Margin | null;
  basis: TaxBasis;
};

/** The tax basis of a sale in India with no order yet (a product's price): the set rate, none when not registered. */
export function domesticBasis(shop: {
  gstin: string | null;
  gstRatePercent: number;
  notRegistered: boolean;
}): TaxBasis {
  if (!shop.gstin && shop.notRegistered) return { ratePercent: 0, supply: "intra", estimated: false };
  return { ratePercent: shop.gstRatePercent, supply: "intra", estimated: !shop.gstin };
}

/** An order's money as its invoice sees it (rupees, GST included): goods lines, discounts, charges, refunds. */
export type OrderAmounts = {
  goods: { unitPrice: number; quantity: number }[];
  /** The discount code's and the offers' amounts together. */
  discount: number;
  deliveryFee: number;
  codFee: number;
  /** Processed refunds (a partial one lowers every line in proportion, as on the invoice). */
  refunded: number;
};

/**
 * Each goods line's revenue without GST (whole rupees): the taxable value its invoice line would carry. Delivery
 * and the COD charge are not the lines' revenue (the dashboard's shipping margin counts them).
 */
export function goodsRevenueNet(order: OrderAmounts, basis: TaxBasis): number[] {
  const charged = order.goods.reduce((n, g) => n + g.unitPrice * g.quantity, 0);
  const total = charged - order.discount + order.deliveryFee + order.codFee;
  const lines = invoiceLines({
    goods: order.goods.map((g) => ({ ...g, description: "", hsn: "" })),
    discount: Math.min(order.discount, charged),
    deliveryFee: order.deliveryFee,
    codFee: order.codFee,
    deliveryLabel: "",
    hsn: "",
    ratePercent: basis.ratePercent,
    supply: basis.supply,
    refunded: Math.max(0, Math.min(order.refunded, total)),
  });
  return order.goods.map((_, i) => Math.round(lines[i]!.taxable / 100));
}

/** A price (GST included) without its GST at a domestic sale: a product page's margin. */
export function priceWithoutGst(price: number, basis: TaxBasis): number {
  return goodsRevenueNet(
    { goods: [{ unitPrice: price, quantity: 1 }], discount: 0, deliveryFee: 0, codFee: 0, refunded: 0 },
    basis,
  )[0]!;
}
