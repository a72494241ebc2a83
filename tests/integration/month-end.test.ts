import fs from "node:fs";
import Ajv from "ajv";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { gstinCheckCharacter } from "~/shared/gstin";
import { db } from "~/platform/db/client.server";
import { type orders } from "~/features/order-lifecycle/tables.server";
import {
  invoiceSettings,
  issueCreditNoteIfInvoiced,
  issueInvoiceInTx,
} from "~/features/invoices/invoices.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { monthEndReturn, salesRegister } from "~/features/month-end/month-end.server";
import { loader as gstr1Loader } from "~/features/month-end/routes/api-admin-gstr1";
import { loader as workbookLoader } from "~/features/month-end/routes/api-admin-gstr1-workbook";
import { loader as registerLoader } from "~/features/month-end/routes/api-admin-sales-register";
import { loader as pageLoader } from "~/features/month-end/routes/admin-month-end";
import { adminSession } from "../support/admin-session";
import { callRoute, outcome } from "../support/route-calls";
import { adminUsers, auditLog, dataRequestEvents } from "~/platform/db/tables.server";
import { goLiveTicks } from "~/features/settings/tables.server";
import { GST_NOT_REGISTERED } from "~/features/settings/gst-registration.server";
import { readZipOfCsv } from "../support/zip-reader";
import { eq } from "drizzle-orm";
import { insertOrder } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

setupTestDatabase({ PUBLIC_URL: "http://shop.test" });

/*
 * A month of sales (May 2026) and the next (June), issued through the invoices feature at fixed moments,
 * and their GSTR-1 asserted table by table against figures worked by hand at 18% (tax inside the price:
 * IGST = round(gross × 18/118), CGST = SGST = round(gross × 9/118), paise, halves up).
 */

const SHOP_GSTIN = "09ABCDE1234F1Z" + gstinCheckCharacter("09ABCDE1234F1Z"); // Uttar Pradesh
const BUYER_GSTIN = "29AAACB1234C1Z" + gstinCheckCharacter("29AAACB1234C1Z"); // Karnataka

const at = (iso: string) => vi.setSystemTime(new Date(`${iso}+05:30`));
const address = (state: string, country?: string) => ({
  address1: "1 Main Road",
  city: "Somewhere",
  state,
  pincode: "110001",
  ...(country ? { country } : {}),
});

async function invoice(id: string) {
  const settings = await invoiceSettings();
  const r = await db().transaction((tx) => issueInvoiceInTx(tx, { kind: "order", id }, "test", settings));
  expect(r).toMatchObject({ issued: true });
  return r;
}
const credit = (id: string, rupees?: number) =>
  db().transaction((tx) => issueCreditNoteIfInvoiced(tx, { kind: "order", id }, "Refund", rupees));

const order = (values: Partial<typeof orders.$inferInsert>, price: number, quantity = 1) =>
  insertOrder({ paymentStatus: "paid", paymentMethod: "razorpay", status: "in_production", ...values }, [
    { price, quantity },
  ]);

const ids: Record<string, string> = {};

beforeAll(async () => {
  const { actor } = await adminSession("owner@example.com");
  const { settings, version } = await loadShopSettings();
  const saved = await saveShopSettings(
    { ...settings, legal: { ...settings.legal, gstin: SHOP_GSTIN, hsnCode: "9405", gstRate: 18 } },
    actor,
    version,
  );
  expect(saved.ok).toBe(true);
  vi.useFakeTimers({ toFake: ["Date"] });
  // May 2026: A intra COD with delivery, COD charge and a discount; B inter; C B2B; D B2C large; E export;
  // F intra (credited in June); G intra, cancelled and credited in full the same month; I inter COD.
  const A = await order(
    {
      shippingAddress: address("uttar-pradesh"),
      paymentMethod: "cod",
      paymentStatus: "pending",
      deliveryFee: 299,
      codFee: 50,
      discount: 100,
    },
    1499,
    2,
  );
  const B = await order({ shippingAddress: address("maharashtra") }, 2000);
  const C = await order(
    {
      shippingAddress: address("karnataka"),
      buyerGstin: BUYER_GSTIN,
      buyerBusinessName: "Bright Cafe Pvt Ltd",
    },
    5000,
    3,
  );
  const D = await order({ shippingAddress: address("delhi") }, 120000);
  const E = await order({ shippingAddress: address("California", "US") }, 10000);
  const F = await order({ shippingAddress: address("uttar-pradesh") }, 4000);
  const G = await order({ shippingAddress: address("uttar-pradesh") }, 1499);
  const H = await order(
    { shippingAddress: address("uttar-pradesh"), status: "cancelled", paymentStatus: "pending" },
    999,
  );
  const I = await order(
    { shippingAddress: address("tamil-nadu"), paymentMethod: "cod", paymentStatus: "pending", codFee: 50 },
    999,
  );
  Object.assign(ids, { A: A.id, B: B.id, C: C.id, D: D.id, E: E.id, F: F.id, G: G.id, H: H.id, I: I.id });
  // Issued on 30 April 23:59 IST: belongs to April, not May (IST boundary).
  const early = await order({ shippingAddress: address("uttar-pradesh") }, 500);
  at("2026-04-30T23:59:00");
  await invoice(early.id);
  at("2026-05-01T00:00:00");
  await invoice(A.id); // NL/2026-27/00002
  at("2026-05-03T10:00:00");
  for (const o of [B, C, D, E, F, G, I]) await invoice(o.id); // 00003-00009
  at("2026-05-20T12:00:00");
  expect(await credit(G.id)).toMatchObject({ number: "CN/2026-27/00001" });
  at("2026-05-31T23:59:59");
  // June: a partial refund of F (₹1,000), of C (₹5,000, the B2B buyer) and of D (₹20,000, B2C large).
  at("2026-06-02T09:00:00");
  await credit(F.id, 1000);
  await credit(C.id, 5000);
  await credit(D.id, 20000);
  vi.useRealTimers();
});

describe("GSTR-1 of a month", () => {
  it("reports every table of May against the hand-worked figures", async () => {
    const r = await monthEndReturn("2026-05");
    if (!r.ok) throw new Error(r.message);
    const g = r.gstr1;
    expect(g.gstin).toBe(SHOP_GSTIN);
    expect(g.fp).toBe("052026");
    expect(g.b2b).toEqual([
      {
        ctin: BUYER_GSTIN,
        inv: [
          {
            inum: "NL/2026-27/00004",
            idt: "03-05-2026",
            val: 15000,
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            itms: [{ num: 1, itm_det: { rt: 18, txval: 12711.86, iamt: 2288.14, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(g.b2cl).toEqual([
      {
        pos: "07",
        inv: [
          {
            inum: "NL/2026-27/00005",
            idt: "03-05-2026",
            val: 120000,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 101694.92, iamt: 18305.08, csamt: 0 } }],
          },
        ],
      },
    ]);
    // A (2,751.70 + 247.65 + 247.65) + F (3,389.84 + 305.08 + 305.08); G and its credit note cancel out.
    expect(g.b2cs).toEqual([
      {
        sply_ty: "INTRA",
        typ: "OE",
        pos: "09",
        rt: 18,
        txval: 6141.54,
        camt: 552.73,
        samt: 552.73,
        csamt: 0,
      },
      { sply_ty: "INTER", typ: "OE", pos: "27", rt: 18, txval: 1694.92, iamt: 305.08, csamt: 0 },
      { sply_ty: "INTER", typ: "OE", pos: "33", rt: 18, txval: 888.98, iamt: 160.02, csamt: 0 },
    ]);
    expect(g.exp).toEqual([
      {
        exp_typ: "WOPAY",
        inv: [
          {
            inum: "NL/2026-27/00006",
            idt: "03-05-2026",
            val: 10000,
            itms: [{ rt: 0, txval: 10000, iamt: 0, csamt: 0 }],
          },
        ],
      },
    ]);
    expect(g.cdnr).toEqual([]);
    expect(g.cdnur).toEqual([]);
    expect(g.hsn).toEqual({
      hsn_b2b: [
        {
          num: 1,
          hsn_sc: "9405",
          uqc: "NOS",
          qty: 3,
          rt: 18,
          txval: 12711.86,
          iamt: 2288.14,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
      ],
      hsn_b2c: [
        {
          num: 1,
          hsn_sc: "9405",
          uqc: "NOS",
          qty: 1,
          rt: 0,
          txval: 10000,
          iamt: 0,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
        // A 2 + B 1 + D 1 + F 1 + G 1 − G 1 + I 1 (delivery and COD charges carry no units).
        {
          num: 2,
          hsn_sc: "9405",
          uqc: "NOS",
          qty: 6,
          rt: 18,
          txval: 110420.36,
          iamt: 18770.18,
          camt: 552.73,
          samt: 552.73,
          csamt: 0,
        },
      ],
    });
    expect(g.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: "Invoices for outward supply",
        docs: [
          { num: 1, from: "NL/2026-27/00002", to: "NL/2026-27/00009", totnum: 8, cancel: 0, net_issue: 8 },
        ],
      },
      {
        doc_num: 5,
        doc_typ: "Credit Note",
        docs: [
          { num: 1, from: "CN/2026-27/00001", to: "CN/2026-27/00001", totnum: 1, cancel: 0, net_issue: 1 },
        ],
      },
    ]);
    expect(r.problems).toEqual([]);
    // The cancelled order H has no document; the April invoice is not in May.
    expect(r.documents.map((d) => d.orderId)).not.toContain(ids.H);
    expect(r.documents).toHaveLength(9);
  });

  it("gives GSTR-3B figures that agree with GSTR-1", async () => {
    const r = await monthEndReturn("2026-05");
    if (!r.ok) throw new Error(r.message);
    expect(r.gstr3b).toEqual({
      outwardTaxable: { taxable: 12313222, igst: 2105832, cgst: 55273, sgst: 55273, cess: 0 },
      zeroRated: { taxable: 1000000, igst: 0, cgst: 0, sgst: 0, cess: 0 },
      interStateUnregistered: [
        { pos: "07", taxable: 10169492, igst: 1830508 },
        { pos: "27", taxable: 169492, igst: 30508 },
        { pos: "33", taxable: 88898, igst: 16002 },
      ],
    });
  });

  it("reports June's credit notes in June, however old the invoice", async () => {
    const r = await monthEndReturn("2026-06");
    if (!r.ok) throw new Error(r.message);
    const g = r.gstr1;
    expect([g.b2b, g.b2cl, g.exp]).toEqual([[], [], []]);
    expect(g.b2cs).toEqual([
      {
        sply_ty: "INTRA",
        typ: "OE",
        pos: "09",
        rt: 18,
        txval: -847.46,
        camt: -76.27,
        samt: -76.27,
        csamt: 0,
      },
    ]);
    expect(g.cdnr).toEqual([
      {
        ctin: BUYER_GSTIN,
        nt: [
          {
            ntty: "C",
            nt_num: "CN/2026-27/00003",
            nt_dt: "02-06-2026",
            val: 5000,
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            itms: [{ num: 1, itm_det: { rt: 18, txval: 4237.29, iamt: 762.71, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(g.cdnur).toEqual([
      {
        typ: "B2CL",
        ntty: "C",
        nt_num: "CN/2026-27/00004",
        nt_dt: "02-06-2026",
        val: 20000,
        pos: "07",
        itms: [{ num: 1, itm_det: { rt: 18, txval: 16949.15, iamt: 3050.85, csamt: 0 } }],
      },
    ]);
    expect(g.hsn.hsn_b2b).toEqual([
      {
        num: 1,
        hsn_sc: "9405",
        uqc: "NOS",
        qty: 0,
        rt: 18,
        txval: -4237.29,
        iamt: -762.71,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ]);
    expect(g.hsn.hsn_b2c).toEqual([
      {
        num: 1,
        hsn_sc: "9405",
        uqc: "NOS",
        qty: 0,
        rt: 18,
        txval: -17796.61,
        iamt: -3050.85,
        camt: -76.27,
        samt: -76.27,
        csamt: 0,
      },
    ]);
    expect(g.doc_issue.doc_det).toEqual([
      {
        doc_num: 5,
        doc_typ: "Credit Note",
        docs: [
          { num: 1, from: "CN/2026-27/00002", to: "CN/2026-27/00004", totnum: 3, cancel: 0, net_issue: 3 },
        ],
      },
    ]);
    expect(r.gstr3b.outwardTaxable).toEqual({
      taxable: -2203390,
      igst: -381356,
      cgst: -7627,
      sgst: -7627,
      cess: 0,
    });
    expect(r.gstr3b.interStateUnregistered).toEqual([{ pos: "07", taxable: -1694915, igst: -305085 }]);
  });

  it("sums a quarter (April to June) as one return filed for June", async () => {
    const r = await monthEndReturn("2026-27-Q1");
    if (!r.ok) throw new Error(r.message);
    expect(r.gstr1.fp).toBe("062026");
    expect(r.documents).toHaveLength(13); // 1 in April, 9 in May, 3 in June
    expect(r.gstr1.doc_issue.doc_det[0]!.docs[0]).toMatchObject({
      from: "NL/2026-27/00001",
      to: "NL/2026-27/00009",
      totnum: 9,
    });
  });

  it("passes the schema kept in the repository, with every amount to two decimals", async () => {
    const schema = JSON.parse(fs.readFileSync("app/features/month-end/gstr1.schema.json", "utf8"));
    const validate = new Ajv({ allErrors: true }).compile(schema);
    for (const key of ["2026-05", "2026-06", "2026-27-Q1"]) {
      const r = await monthEndReturn(key);
      if (!r.ok) throw new Error(r.message);
      expect(validate(r.gstr1), JSON.stringify(validate.errors)).toBe(true);
      const json = JSON.stringify(r.gstr1);
      expect(json).not.toMatch(/\d\.\d{3,}/);
    }
    // The schema can fail: a misspelt field and a place of supply by name are refused.
    const r = await monthEndReturn("2026-05");
    if (!r.ok) throw new Error(r.message);
    const bad = structuredClone(r.gstr1) as unknown as { b2cs: Array<Record<string, unknown>> };
    bad.b2cs[0]!.pos = "Uttar Pradesh";
    bad.b2cs[1]!.txvalue = 1;
    expect(validate(bad)).toBe(false);
  });

  it("lists the problems the portal would refuse: a bad buyer GSTIN, a missing place of supply, a gap", async () => {
    const r = await monthEndReturn("2026-05");
    if (!r.ok) throw new Error(r.message);
    const { gstr1Problems } = await import("~/features/month-end/gstr1-checks");
    const docs = r.documents
      .map((d) =>
        d.number === "NL/2026-27/00004"
          ? { ...d, buyerGstin: "29AAACB1234C1ZZ" }
          : d.number === "NL/2026-27/00003"
            ? { ...d, pos: null }
            : d,
      )
      .filter((d) => d.number !== "NL/2026-27/00007");
    const problems = gstr1Problems(docs, SHOP_GSTIN, new Map([["NL/2026-27", 1]]));
    expect(problems.map((p) => p.message)).toEqual([
      "Invoice NL/2026-27/00003: has no place of supply the portal knows (a state code).",
      expect.stringMatching(
        /^Invoice NL\/2026-27\/00004: the buyer's GSTIN 29AAACB1234C1ZZ is not valid\. This GSTIN's check character/,
      ),
      expect.stringMatching(/^Series NL\/2026-27 has a gap: NL\/2026-27\/00007 is missing/),
    ]);
    expect(problems[0]!.href).toBe(`/admin/purchases?order=${ids.B}`);
  });
});

describe("the sales register", () => {
  it("has one line per document with its tax split", async () => {
    const r = await salesRegister("2026-05");
    const lines = r!.csv.trim().split("\r\n");
    expect(lines).toHaveLength(10);
    expect(lines[0]).toContain("Voucher Type,Voucher Number,Voucher Date");
    expect(lines[1]).toMatch(
      /^Sales,NL\/2026-27\/00002,01-05-2026,,,.*,09,Uttar Pradesh,Intra-state,B2CS,9405,18,2751\.70,247\.65,247\.65,0\.00,0\.00,3247\.00,$/,
    );
    expect(lines[3]).toContain(
      "Bright Cafe Pvt Ltd," +
        BUYER_GSTIN +
        ",29,Karnataka,Inter-state,B2B,9405,18,12711.86,0.00,0.00,2288.14,0.00,15000.00",
    );
    expect(lines[9]).toMatch(
      /^Credit Note,CN\/2026-27\/00001,20-05-2026,NL\/2026-27\/00008,03-05-2026,.*B2CS \(net\),9405,18,1270\.34,114\.33,114\.33,0\.00,0\.00,1499\.00,Refund$/,
    );
  });
});

describe("who may see it", () => {
  it("opens the page and the downloads to the Owner and Accounts, and refuses Operations and Catalogue", async () => {
    const downloads = [
      [gstr1Loader, "gstr1.json"],
      [workbookLoader, "gstr1-workbook.zip"],
      [registerLoader, "sales-register.csv"],
    ] as const;
    for (const role of ["operations", "catalogue"] as const) {
      const s = await adminSession(`${role}@example.com`, { role });
      expect(
        await outcome(callRoute(pageLoader, s.request("/admin/month-end?period=2026-05"))),
      ).toMatchObject({
        status: 403,
      });
      for (const [loader, file] of downloads) {
        const res = await outcome(
          callRoute(loader, s.request(`/api/admin/month-end/2026-05/${file}`), { period: "2026-05" }),
        );
        expect(res.status).toBe(403);
      }
    }
    for (const role of ["owner", "accounts"] as const) {
      const s = await adminSession(`${role}-2@example.com`, { role });
      const page = await outcome(callRoute(pageLoader, s.request("/admin/month-end?period=2026-05")));
      expect(page.body.report).toMatchObject({ ok: true, documentCount: 9, problems: [] });
      for (const [loader, file] of downloads) {
        const res = await outcome(
          callRoute(loader, s.request(`/api/admin/month-end/2026-05/${file}`), { period: "2026-05" }),
        );
        expect(res.status).toBe(200);
      }
    }
    const accounts = await adminSession("accounts-2@example.com");
    const res = (await callRoute(gstr1Loader, accounts.request("/api/admin/month-end/2026-05/gstr1.json"), {
      period: "2026-05",
    })) as Response;
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="GSTR1_${SHOP_GSTIN}_052026.json"`,
    );
    expect(((await res.json()) as { fp: string }).fp).toBe("052026");
    const bad = await outcome(
      callRoute(gstr1Loader, accounts.request("/api/admin/month-end/2026-13/gstr1.json"), {
        period: "2026-13",
      }),
    );
    expect(bad.status).toBe(400);
    const audit = await db().select().from(auditLog);
    expect(
      audit.filter((a) => a.action === "gstr1.json").map((a) => [a.actorEmail, a.kind, a.subject]),
    ).toEqual([
      ["owner-2@example.com", "export", "2026-05"],
      ["accounts-2@example.com", "export", "2026-05"],
      ["accounts-2@example.com", "export", "2026-05"],
    ]);
  });

  it("asks for the second factor again before a download, as the orders CSV does", async () => {
    const s = await adminSession("stale@example.com", {
      role: "accounts",
      verifiedAt: new Date(Date.now() - 10 * 60_000),
    });
    await db()
      .update(adminUsers)
      .set({ totpSecret: "v1.any", totpLastStep: 1 })
      .where(eq(adminUsers.email, "stale@example.com"));
    for (const [loader, file] of [
      [gstr1Loader, "gstr1.json"],
      [workbookLoader, "gstr1-workbook.zip"],
    ] as const) {
      const res = await outcome(
        callRoute(loader, s.request(`/api/admin/month-end/2026-05/${file}`), { period: "2026-05" }),
      );
      expect(res, file).toMatchObject({
        status: 302,
        location: expect.stringMatching(/^\/admin\/step-up\?next=/),
      });
    }
    expect((await db().select().from(auditLog)).filter((a) => a.actorEmail === "stale@example.com")).toEqual(
      [],
    );
  });
});

describe("the GSTR-1 workbook (the offline tool's sheets as CSV, zipped)", () => {
  const SHEETS = ["b2b,sez,de", "b2cl", "b2cs", "cdnr", "cdnur", "exp", "hsn(b2b)", "hsn(b2c)", "docs"];
  const download = async (email: string, role: "owner" | "accounts", period: string) => {
    const s = await adminSession(email, { role });
    return (await callRoute(
      workbookLoader,
      s.request(`/api/admin/month-end/${period}/gstr1-workbook.zip`),
      { period },
      { clientIp: "203.0.113.45" },
    )) as Response;
  };

  it("gives the Owner and Accounts the sheets of the same return as the JSON, audited and logged", async () => {
    for (const [email, role] of [
      ["owner-wb@example.com", "owner"],
      ["accounts-wb@example.com", "accounts"],
    ] as const) {
      const res = await download(email, role, "2026-06");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/zip");
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="GSTR1_${SHOP_GSTIN}_062026_workbook.zip"`,
      );
      expect(res.headers.get("cache-control")).toBe("no-store");
      const zip = readZipOfCsv(new Uint8Array(await res.arrayBuffer()));
      expect(zip.bad).toBeNull();
      expect(zip.names).toEqual(SHEETS.map((n) => `${n}.csv`));
      // June: only credit notes. The B2B one in cdnr (type C, the buyer's name from its documents), the
      // B2C large one in cdnur, the B2C small one netted into a negative B2CS row, as in the JSON above.
      expect(zip.sheets["cdnr.csv"]!.slice(1)).toEqual([
        [
          BUYER_GSTIN,
          "Bright Cafe Pvt Ltd",
          "CN/2026-27/00003",
          "02-Jun-2026",
          "C",
          "29-Karnataka",
          "N",
        ].concat(["Regular B2B", "5000", "", "18", "4237.29", "0"]),
      ]);
      expect(zip.sheets["cdnur.csv"]!.slice(1)).toEqual([
        ["B2CL", "CN/2026-27/00004", "02-Jun-2026", "C", "07-Delhi", "20000", "", "18", "16949.15", "0"],
      ]);
      expect(zip.sheets["b2cs.csv"]).toEqual([
        [
          "Type",
          "Place Of Supply",
          "Applicable % of Tax Rate",
          "Rate",
          "Taxable Value",
          "Cess Amount",
        ].concat(["E-Commerce GSTIN"]),
        ["OE", "09-Uttar Pradesh", "", "18", "-847.46", "0", ""],
      ]);
      expect(zip.sheets["hsn(b2c).csv"]!.slice(1)).toEqual([
        ["9405", "", "NOS-NUMBERS", "0", "-21000", "18", "-17796.61", "-3050.85", "-76.27", "-76.27", "0"],
      ]);
      expect(zip.sheets["docs.csv"]!.slice(1)).toEqual([
        ["Credit Note", "CN/2026-27/00002", "CN/2026-27/00004", "3", "0"],
      ]);
      expect(zip.sheets["b2b,sez,de.csv"]).toHaveLength(1); // the headings only
    }
    const audit = (await db().select().from(auditLog)).filter((a) => a.action === "gstr1-workbook.zip");
    expect(
      audit
        .filter((a) => a.actorEmail?.endsWith("-wb@example.com"))
        .map((a) => [a.actorEmail, a.kind, a.subject, a.ip]),
    ).toEqual([
      ["owner-wb@example.com", "export", "2026-06", "203.0.113.45"],
      ["accounts-wb@example.com", "export", "2026-06", "203.0.113.45"],
    ]);
    const events = await db()
      .select()
      .from(dataRequestEvents)
      .where(eq(dataRequestEvents.action, "gstr1 workbook"));
    expect(
      events.filter((e) => e.staffEmail?.endsWith("-wb@example.com")).map((e) => [e.staffEmail, e.detail]),
    ).toEqual([
      ["owner-wb@example.com", "2026-06"],
      ["accounts-wb@example.com", "2026-06"],
    ]);
  });

  it("lists May's invoices in the template's layout, each sheet adding up to the JSON's table", async () => {
    const r = await monthEndReturn("2026-05");
    if (!r.ok) throw new Error(r.message);
    const zip = readZipOfCsv(
      new Uint8Array(await (await download("owner-wb@example.com", "owner", "2026-05")).arrayBuffer()),
    );
    expect(zip.sheets["b2b,sez,de.csv"]!.slice(1)).toEqual([
      [
        BUYER_GSTIN,
        "Bright Cafe Pvt Ltd",
        "NL/2026-27/00004",
        "03-May-2026",
        "15000",
        "29-Karnataka",
        "N",
        "",
      ].concat(["Regular B2B", "", "18", "12711.86", "0"]),
    ]);
    expect(zip.sheets["exp.csv"]!.slice(1)).toEqual([
      ["WOPAY", "NL/2026-27/00006", "03-May-2026", "10000", "", "", "", "0", "10000", "0"],
    ]);
    const taxable = (sheet: string) => {
      const [head, ...rows] = zip.sheets[`${sheet}.csv`]!;
      const i = head!.indexOf("Taxable Value");
      return rows.reduce((n, row) => n + Math.round(Number(row[i]) * 100), 0);
    };
    const { gstr1TableTotals } = await import("~/features/month-end/gstr3b");
    for (const t of gstr1TableTotals(r.gstr1))
      expect(taxable(t.table === "b2b" ? "b2b,sez,de" : t.table), t.table).toBe(t.taxable);
    expect(taxable("b2cs")).toBe(614154 + 169492 + 88898);
  });

  it("answers a bad period, a shop without a GSTIN and one not registered for GST as the JSON does", async () => {
    const accounts = await adminSession("accounts-wb@example.com", { role: "accounts" });
    const both = async (period: string) => {
      const [json, zip] = await Promise.all(
        [
          [gstr1Loader, "gstr1.json"],
          [workbookLoader, "gstr1-workbook.zip"],
        ].map(([loader, file]) =>
          outcome(
            callRoute(
              loader as typeof gstr1Loader,
              accounts.request(`/api/admin/month-end/${period}/${file}`),
              {
                period,
              },
            ),
          ),
        ),
      );
      expect(zip).toEqual(json);
      return zip!;
    };
    expect(await both("2026-13")).toMatchObject({ status: 400 });
    const { actor } = await adminSession("owner@example.com");
    const { settings, version } = await loadShopSettings();
    const unset = await saveShopSettings(
      { ...settings, legal: { ...settings.legal, gstin: "" } },
      actor,
      version,
    );
    expect(unset.ok).toBe(true);
    try {
      expect((await both("2026-05")).status).toBe(409);
      expect((await both("2026-05")).body).toContain("Add the shop's GSTIN");
      await db().insert(goLiveTicks).values({ item: GST_NOT_REGISTERED });
      expect((await both("2026-05")).body).toContain("not registered for GST");
    } finally {
      await db().delete(goLiveTicks).where(eq(goLiveTicks.item, GST_NOT_REGISTERED));
      const now = await loadShopSettings();
      const back = await saveShopSettings(
        { ...now.settings, legal: { ...now.settings.legal, gstin: SHOP_GSTIN } },
        actor,
        now.version,
      );
      expect(back.ok).toBe(true);
    }
  });
});
