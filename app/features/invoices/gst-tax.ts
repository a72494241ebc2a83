/*
 * GST on tax-inclusive prices (docs/decisions/021-gst-invoices.md). Every amount here is an
 * integer number of paise. A line's price includes the tax; what the shopper pays for it (after its share
 * of the discounts) is split into taxable value and tax:
 *
 *   inter-state:  IGST = round(gross × rate / (100 + rate)),            taxable = gross − IGST
 *   intra-state:  CGST = SGST = round(gross × (rate/2) / (100 + rate)),  taxable = gross − CGST − SGST
 *   export (LUT): no tax,                                                taxable = gross
 *
 * rounded to the nearest paisa, halves up. The taxable value takes the remainder, so every line's
 * taxable value plus its tax is exactly what was charged for it, and the lines add up to the order total
 * to the paisa (no round-off line). CGST and SGST are always equal.
 */

export type SupplyType = "intra" | "inter" | "export";

export type TaxSplit = { taxable: number; cgst: number; sgst: number; igst: number };

/** round(numerator / denominator), halves up, for non-negative integers. */
export function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The tax inside a tax-inclusive amount (paise) at a rate in whole percent. */
export function splitInclusive(gross: number, ratePercent: number, supply: SupplyType): TaxSplit {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new Error(`bad amount ${gross}`);
  if (supply === "export" || ratePercent === 0) return { taxable: gross, cgst: 0, sgst: 0, igst: 0 };
  if (supply === "inter") {
    const igst = divideRounded(gross * ratePercent, 100 + ratePercent);
    return { taxable: gross - igst, cgst: 0, sgst: 0, igst };
  }
  const half = divideRounded(gross * ratePercent, 2 * (100 + ratePercent));
  return { taxable: gross - 2 * half, cgst: half, sgst: half, igst: 0 };
}

/**
 * An amount shared among weights in proportion (largest remainder: the parts add up to the amount exactly;
 * ties go to the earlier weight). Used to share an order's discounts among its goods lines.
 */
export function shareByWeight(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((n, w) => n + w, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map((x) => Math.floor(x));
  let left = amount - parts.reduce((n, p) => n + p, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

export type GoodsLine = {
  description: string;
  hsn: string;
  quantity: number;
  /** Price of one unit in rupees, tax included. */
  unitPrice: number;
};

export type TaxedLine = {
  description: string;
  hsn: string;
  quantity: number;
  /** Paise: unit price, the line before discount, its discount, then the split of what is charged. */
  unitPrice: number;
  gross: number;
  discount: number;
  taxable: number;
  ratePercent: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** What the shopper pays for the line: taxable + cgst + sgst + igst. */
  total: number;
};

export type TaxTotals = {
  gross: number;
  discount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  total: number;
};

export type InvoiceAmountsInput = {
  goods: GoodsLine[];
  /** Rupees: the discount code's and the offers' amounts, shared among the goods lines by their value. */
  discount: number;
  deliveryFee: number;
  codFee: number;
  /** Label of the delivery line, e.g. "Delivery (Standard)". */
  deliveryLabel: string;
  hsn: string;
  ratePercent: number;
  supply: SupplyType;
  /**
   * Rupees refunded before the invoice is issued: a reduction of the value agreed before the supply, printed on
   * the invoice as part of each line's discount (CGST Act section 15(3)(a)), shared among all the lines by what
   * each charges (decision 052). At most what the lines charge.
   */
  refunded?: number;
};

function taxedLine(
  base: Omit<TaxedLine, "taxable" | "cgst" | "sgst" | "igst" | "total" | "ratePercent">,
  ratePercent: number,
  supply: SupplyType,
): TaxedLine {
  const total = base.gross - base.discount;
  const split = splitInclusive(total, ratePercent, supply);
  return { ...base, ...split, ratePercent: supply === "export" ? 0 : ratePercent, total };
}

/**
 * The invoice's lines: each goods line with its share of the discounts, then delivery and the cash on
 * delivery charge as lines of their own (taxed like the goods: they are part of one composite supply whose
 * principal supply is the sign, CGST Act section 8(a)).
 */
export function invoiceLines(input: InvoiceAmountsInput): TaxedLine[] {
  const grosses = input.goods.map((g) => g.unitPrice * g.quantity * 100);
  const discounts = shareByWeight(input.discount * 100, grosses);
  type Base = Parameters<typeof taxedLine>[0];
  const bases: Base[] = input.goods.map((g, i) => ({
    description: g.description,
    hsn: g.hsn,
    quantity: g.quantity,
    unitPrice: g.unitPrice * 100,
    gross: grosses[i]!,
    discount: discounts[i]!,
  }));
  const charge = (description: string, rupees: number): Base => ({
    description,
    hsn: input.hsn,
    quantity: 1,
    unitPrice: rupees * 100,
    gross: rupees * 100,
    discount: 0,
  });
  if (input.deliveryFee > 0) bases.push(charge(input.deliveryLabel, input.deliveryFee));
  if (input.codFee > 0) bases.push(charge("Cash on delivery charge", input.codFee));
  // A refund before the invoice lowers every line in proportion to what it charges (never below nothing).
  const charged = bases.map((b) => b.gross - b.discount);
  const refunded = (input.refunded ?? 0) * 100;
  if (refunded > charged.reduce((n, c) => n + c, 0)) throw new Error(`refund ${refunded} exceeds the lines`);
  const shares = shareByWeight(refunded, charged);
  return bases.map((b, i) =>
    taxedLine({ ...b, discount: b.discount + shares[i]! }, input.ratePercent, input.supply),
  );
}

/** One line of a tax-inclusive amount in paise (a partial credit note's line). */
export function paiseLine(
  description: string,
  hsn: string,
  paise: number,
  ratePercent: number,
  supply: SupplyType,
): TaxedLine {
  return taxedLine(
    { description, hsn, quantity: 1, unitPrice: paise, gross: paise, discount: 0 },
    ratePercent,
    supply,
  );
}

export function taxTotals(lines: readonly TaxedLine[]): TaxTotals {
  const sum = (k: keyof TaxedLine) => lines.reduce((n, l) => n + (l[k] as number), 0);
  const cgst = sum("cgst");
  const sgst = sum("sgst");
  const igst = sum("igst");
  return {
    gross: sum("gross"),
    discount: sum("discount"),
    taxable: sum("taxable"),
    cgst,
    sgst,
    igst,
    tax: cgst + sgst + igst,
    total: sum("total"),
  };
}

/** Paise as "1,234.50" (Indian digit grouping). */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100).toLocaleString("en-IN");
  return `${sign}${rupees}.${String(abs % 100).padStart(2, "0")}`;
}
