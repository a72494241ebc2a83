import {
  creditNoteSection,
  goodsQuantity,
  portalDate,
  rupees,
  sectionOf,
  serialOf,
  seriesOf,
  type DocumentLine,
  type SalesDocument,
} from "./sales-documents";

/*
 * GSTR-1 as the GST portal's offline tool and upload take it (issue 45, decision 063): the public field names
 * (gstin, fp, b2b, b2cl, b2cs, exp, cdnr, cdnur, hsn, doc_issue), amounts in rupees to two decimals, places of
 * supply as state codes, dates as dd-mm-yyyy. Built only from the documents issued in the period; a credit
 * note is reported in the period it was issued, however old its invoice. Credit notes against B2C small
 * invoices are netted into B2CS (the portal has no per-note table for them); those against B2C large and
 * export invoices go to CDNUR, those against B2B invoices to CDNR.
 */

export type ItemDetail = {
  rt: number;
  txval: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
};
export type Item = { num: number; itm_det: ItemDetail };
export type B2bInvoice = {
  inum: string;
  idt: string;
  val: number;
  pos: string;
  rchrg: "N";
  inv_typ: "R";
  itms: Item[];
};
export type B2csRow = {
  sply_ty: "INTRA" | "INTER";
  typ: "OE";
  pos: string;
  rt: number;
  txval: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
};
export type Note = {
  ntty: "C";
  nt_num: string;
  nt_dt: string;
  val: number;
  pos?: string;
  itms: Item[];
};
export type HsnRow = {
  num: number;
  hsn_sc: string;
  uqc: "NOS";
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
};
export type DocIssueRow = {
  num: number;
  from: string;
  to: string;
  totnum: number;
  cancel: number;
  net_issue: number;
};

export type Gstr1 = {
  gstin: string;
  fp: string;
  b2b: Array<{ ctin: string; inv: B2bInvoice[] }>;
  b2cl: Array<{ pos: string; inv: Array<{ inum: string; idt: string; val: number; itms: Item[] }> }>;
  b2cs: B2csRow[];
  exp: Array<{
    exp_typ: "WPAY" | "WOPAY";
    inv: Array<{
      inum: string;
      idt: string;
      val: number;
      itms: Array<{ rt: number; txval: number; iamt: number; csamt: number }>;
    }>;
  }>;
  cdnr: Array<{ ctin: string; nt: Array<Note & { rchrg: "N"; inv_typ: "R" }> }>;
  cdnur: Array<Note & { typ: "B2CL" | "EXPWP" | "EXPWOP" }>;
  hsn: { hsn_b2b: HsnRow[]; hsn_b2c: HsnRow[] };
  doc_issue: { doc_det: Array<{ doc_num: number; doc_typ: string; docs: DocIssueRow[] }> };
};

type Sums = { taxable: number; cgst: number; sgst: number; igst: number };
const zero = (): Sums => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0 });
const add = (s: Sums, l: Sums, sign = 1) => {
  s.taxable += sign * l.taxable;
  s.cgst += sign * l.cgst;
  s.sgst += sign * l.sgst;
  s.igst += sign * l.igst;
};

/** A document's lines summed by rate, lowest rate first. */
export function byRate(lines: readonly DocumentLine[]): Array<{ rt: number } & Sums> {
  const rates = new Map<number, Sums>();
  for (const l of lines) {
    const s = rates.get(l.ratePercent) ?? zero();
    add(s, l);
    rates.set(l.ratePercent, s);
  }
  return [...rates.entries()].sort((a, b) => a[0] - b[0]).map(([rt, s]) => ({ rt, ...s }));
}

/** The tax amounts of a supply: IGST between states (and on exports), CGST and SGST inside one. */
function taxFields(intra: boolean, s: Sums) {
  return intra ? { camt: rupees(s.cgst), samt: rupees(s.sgst) } : { iamt: rupees(s.igst) };
}

function items(doc: SalesDocument): Item[] {
  return byRate(doc.lines).map((r, i) => ({
    num: i + 1,
    itm_det: { rt: r.rt, txval: rupees(r.taxable), ...taxFields(doc.supply === "intra", r), csamt: 0 },
  }));
}

function grouped<K, V>(rows: readonly V[], key: (v: V) => K): Map<K, V[]> {
  const m = new Map<K, V[]>();
  for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return m;
}

const byNumber = (a: SalesDocument, b: SalesDocument) =>
  a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number);

function b2csRows(invoices: readonly SalesDocument[], notes: readonly SalesDocument[]): B2csRow[] {
  const rows = new Map<string, { intra: boolean; pos: string; rt: number } & Sums>();
  const put = (doc: SalesDocument, sign: number) => {
    for (const r of byRate(doc.lines)) {
      const key = `${doc.supply}|${doc.pos}|${r.rt}`;
      const row = rows.get(key) ?? { intra: doc.supply === "intra", pos: doc.pos ?? "", rt: r.rt, ...zero() };
      add(row, r, sign);
      rows.set(key, row);
    }
  };
  for (const d of invoices) put(d, 1);
  for (const d of notes) put(d, -1);
  return [...rows.values()]
    .sort((a, b) => a.pos.localeCompare(b.pos) || a.rt - b.rt || Number(b.intra) - Number(a.intra))
    .map((r) => ({
      sply_ty: r.intra ? "INTRA" : "INTER",
      typ: "OE",
      pos: r.pos,
      rt: r.rt,
      txval: rupees(r.taxable),
      ...taxFields(r.intra, r),
      csamt: 0,
    }));
}

/** The HSN summary of one side (B2B or B2C): by HSN code and rate, net of credit notes, units as NOS. */
function hsnRows(docs: readonly SalesDocument[]): HsnRow[] {
  const rows = new Map<string, { hsn: string; rt: number; qty: number } & Sums>();
  for (const doc of docs) {
    const sign = doc.kind === "credit_note" ? -1 : 1;
    for (const l of doc.lines) {
      const key = `${l.hsn}|${l.ratePercent}`;
      const row = rows.get(key) ?? { hsn: l.hsn, rt: l.ratePercent, qty: 0, ...zero() };
      add(row, l, sign);
      row.qty += sign * goodsQuantity(doc, l);
      rows.set(key, row);
    }
  }
  return [...rows.values()]
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rt - b.rt)
    .map((r, i) => ({
      num: i + 1,
      hsn_sc: r.hsn,
      uqc: "NOS",
      qty: r.qty,
      rt: r.rt,
      txval: rupees(r.taxable),
      iamt: rupees(r.igst),
      camt: rupees(r.cgst),
      samt: rupees(r.sgst),
      csamt: 0,
    }));
}

/** Documents issued (table 13): each series' first and last number, how many, and the numbers missing. */
export function documentSeries(
  docs: readonly SalesDocument[],
): Array<{ series: string } & Omit<DocIssueRow, "num">> {
  return [...grouped(docs, (d) => seriesOf(d.number)).entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([series, list]) => {
      const sorted = [...list].sort((a, b) => serialOf(a.number) - serialOf(b.number));
      const first = sorted[0]!;
      const last = sorted.at(-1)!;
      const totnum = serialOf(last.number) - serialOf(first.number) + 1;
      return {
        series,
        from: first.number,
        to: last.number,
        totnum,
        cancel: totnum - list.length,
        net_issue: list.length,
      };
    });
}

const DOC_TYPES = [
  { doc_num: 1, doc_typ: "Invoices for outward supply", kind: "invoice" },
  { doc_num: 5, doc_typ: "Credit Note", kind: "credit_note" },
] as const;

/**
 * The return of the period's documents (tax invoices and credit notes; bills of supply are not part of it).
 * `gstin` is the shop's, `fp` the period's (MMYYYY).
 */
export function buildGstr1(docs: readonly SalesDocument[], gstin: string, fp: string): Gstr1 {
  const sorted = [...docs].sort(byNumber);
  const invoices = sorted.filter((d) => d.kind === "invoice");
  const notes = sorted.filter((d) => d.kind === "credit_note");
  const inv = grouped(invoices, sectionOf);
  const cn = grouped(notes, creditNoteSection);
  const list = <T>(m: Map<string, T[]>, k: string) => m.get(k) ?? [];

  const b2b = [...grouped(list(inv, "b2b"), (d) => d.buyerGstin!).entries()].map(([ctin, ds]) => ({
    ctin,
    inv: ds.map((d) => ({
      inum: d.number,
      idt: portalDate(d.issuedAt),
      val: rupees(d.total),
      pos: d.pos ?? "",
      rchrg: "N" as const,
      inv_typ: "R" as const,
      itms: items(d),
    })),
  }));
  const b2cl = [...grouped(list(inv, "b2cl"), (d) => d.pos ?? "").entries()].map(([pos, ds]) => ({
    pos,
    inv: ds.map((d) => ({
      inum: d.number,
      idt: portalDate(d.issuedAt),
      val: rupees(d.total),
      itms: items(d),
    })),
  }));
  const exportInvoice = (d: SalesDocument) => ({
    inum: d.number,
    idt: portalDate(d.issuedAt),
    val: rupees(d.total),
    itms: byRate(d.lines).map((r) => ({
      rt: r.rt,
      txval: rupees(r.taxable),
      iamt: rupees(r.igst),
      csamt: 0,
    })),
  });
  const expTyp = (d: SalesDocument) => (d.igst > 0 ? ("WPAY" as const) : ("WOPAY" as const));
  const exp = [...grouped(list(inv, "exp"), expTyp).entries()].map(([exp_typ, ds]) => ({
    exp_typ,
    inv: ds.map(exportInvoice),
  }));
  const note = (d: SalesDocument): Note => ({
    ntty: "C",
    nt_num: d.number,
    nt_dt: portalDate(d.issuedAt),
    val: rupees(d.total),
    itms: items(d),
  });
  const cdnr = [...grouped(list(cn, "b2b"), (d) => d.buyerGstin!).entries()].map(([ctin, ds]) => ({
    ctin,
    nt: ds.map((d) => ({ ...note(d), pos: d.pos ?? "", rchrg: "N" as const, inv_typ: "R" as const })),
  }));
  const cdnur = [
    ...list(cn, "b2cl").map((d) => ({ ...note(d), typ: "B2CL" as const, pos: d.pos ?? "" })),
    ...list(cn, "exp").map((d) => ({
      ...note(d),
      typ: d.igst > 0 ? ("EXPWP" as const) : ("EXPWOP" as const),
    })),
  ];
  const registered = (d: SalesDocument) =>
    d.kind === "invoice" ? sectionOf(d) === "b2b" : creditNoteSection(d) === "b2b";
  const taxDocs = [...invoices, ...notes];
  const doc_det = DOC_TYPES.map((t) => ({
    doc_num: t.doc_num,
    doc_typ: t.doc_typ,
    docs: documentSeries(sorted.filter((d) => d.kind === t.kind)).map(({ series: _s, ...row }, i) => ({
      num: i + 1,
      ...row,
    })),
  })).filter((t) => t.docs.length > 0);
  return {
    gstin,
    fp,
    b2b,
    b2cl,
    b2cs: b2csRows(list(inv, "b2cs"), list(cn, "b2cs")),
    exp,
    cdnr,
    cdnur,
    hsn: {
      hsn_b2b: hsnRows(taxDocs.filter(registered)),
      hsn_b2c: hsnRows(taxDocs.filter((d) => !registered(d))),
    },
    doc_issue: { doc_det },
  };
}
