import type { Gstr1, Item } from "./gstr1";

/*
 * The figures of GSTR-3B for the same period (issue 45), taken from the GSTR-1 built from the same documents,
 * so the two always agree: 3.1(a) outward taxable supplies (B2B, B2C large, B2C small, less credit notes),
 * 3.1(b) zero-rated supplies (exports, less their credit notes), and 3.2 the inter-state supplies to
 * unregistered persons by place of supply (B2C large and inter-state B2C small, less credit notes). Paise.
 */

export type TaxFigures = { taxable: number; igst: number; cgst: number; sgst: number; cess: number };
export type Gstr3b = {
  outwardTaxable: TaxFigures;
  zeroRated: TaxFigures;
  interStateUnregistered: Array<{ pos: string; taxable: number; igst: number }>;
};

const paise = (r: number | undefined) => Math.round((r ?? 0) * 100);
const none = (): TaxFigures => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 });

function addItems(t: TaxFigures, itms: readonly Item[], sign: number) {
  for (const { itm_det: d } of itms) {
    t.taxable += sign * paise(d.txval);
    t.igst += sign * paise(d.iamt);
    t.cgst += sign * paise(d.camt);
    t.sgst += sign * paise(d.samt);
    t.cess += sign * paise(d.csamt);
  }
}

export function gstr3bFromGstr1(r: Gstr1): Gstr3b {
  const outward = none();
  const zero = none();
  const byPos = new Map<string, { taxable: number; igst: number }>();
  const toPos = (pos: string, taxable: number, igst: number) => {
    const row = byPos.get(pos) ?? { taxable: 0, igst: 0 };
    row.taxable += taxable;
    row.igst += igst;
    byPos.set(pos, row);
  };
  for (const buyer of r.b2b) for (const inv of buyer.inv) addItems(outward, inv.itms, 1);
  for (const group of r.b2cl)
    for (const inv of group.inv) {
      addItems(outward, inv.itms, 1);
      for (const { itm_det: d } of inv.itms) toPos(group.pos, paise(d.txval), paise(d.iamt));
    }
  for (const row of r.b2cs) {
    addItems(outward, [{ num: 0, itm_det: row }], 1);
    if (row.sply_ty === "INTER") toPos(row.pos, paise(row.txval), paise(row.iamt));
  }
  for (const buyer of r.cdnr) for (const nt of buyer.nt) addItems(outward, nt.itms, -1);
  for (const nt of r.cdnur) {
    if (nt.typ === "B2CL") {
      addItems(outward, nt.itms, -1);
      for (const { itm_det: d } of nt.itms) toPos(nt.pos ?? "", -paise(d.txval), -paise(d.iamt));
    } else addItems(zero, nt.itms, -1);
  }
  for (const group of r.exp)
    for (const inv of group.inv)
      addItems(
        zero,
        inv.itms.map((d, i) => ({ num: i, itm_det: d })),
        1,
      );
  return {
    outwardTaxable: outward,
    zeroRated: zero,
    interStateUnregistered: [...byPos.entries()]
      .filter(([, v]) => v.taxable !== 0 || v.igst !== 0)
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([pos, v]) => ({ pos, ...v })),
  };
}

/** Each GSTR-1 table's count of records and sums (paise), for the page's summary. */
export type TableTotal = { table: string; label: string; count: number } & TaxFigures;

export function gstr1TableTotals(r: Gstr1): TableTotal[] {
  const total = (table: string, label: string, records: ReadonlyArray<readonly Item[]>): TableTotal => {
    const t = none();
    for (const itms of records) addItems(t, itms, 1);
    return { table, label, count: records.length, ...t };
  };
  return [
    total(
      "b2b",
      "B2B invoices (4A)",
      r.b2b.flatMap((b) => b.inv.map((i) => i.itms)),
    ),
    total(
      "b2cl",
      "B2C large invoices (5)",
      r.b2cl.flatMap((b) => b.inv.map((i) => i.itms)),
    ),
    total(
      "b2cs",
      "B2C small, by state and rate (7)",
      r.b2cs.map((row) => [{ num: 1, itm_det: row }]),
    ),
    total(
      "exp",
      "Exports (6A)",
      r.exp.flatMap((e) => e.inv.map((i) => i.itms.map((d, n) => ({ num: n + 1, itm_det: d })))),
    ),
    total(
      "cdnr",
      "Credit notes, registered (9B)",
      r.cdnr.flatMap((b) => b.nt.map((n) => n.itms)),
    ),
    total(
      "cdnur",
      "Credit notes, unregistered (9B)",
      r.cdnur.map((n) => n.itms),
    ),
  ];
}
