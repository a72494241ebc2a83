import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildGstr1 } from "./gstr1";
import { gstr1Workbook, gstr1WorkbookFiles, placeOfSupply, templateDate, type Cell } from "./gstr1-workbook";
import { gstr1WorkbookZip } from "./gstr1-workbook.server";
import { gstr1TableTotals, gstr3bFromGstr1 } from "./gstr3b";
import type { DocumentLine, SalesDocument } from "./sales-documents";
import { readZipOfCsv } from "../../../tests/support/zip-reader";

/*
 * A July 2026 of a shop in Uttar Pradesh (09), documents built by hand (prices include tax: taxable =
 * round(gross × 100 / (100 + rate)), the rest is tax, halved for CGST and SGST), the return built by
 * buildGstr1 as the JSON download is, and its workbook checked sheet by sheet against figures worked here.
 */

const SHOP = "09ABCDE1234F1Z5";
const BUYER = "29AAACB1234C1Z7";

type Supply = SalesDocument["supply"];

function line(description: string, grossRupees: number, rate: number, supply: Supply, quantity = 1) {
  const total = grossRupees * 100;
  const taxable = Math.round((total * 100) / (100 + rate));
  const tax = total - taxable;
  const cgst = supply === "intra" ? Math.round(tax / 2) : 0;
  const sgst = supply === "intra" ? tax - cgst : 0;
  const igst = supply === "intra" ? 0 : tax;
  return { description, hsn: "9405", quantity, ratePercent: rate, taxable, cgst, sgst, igst, total };
}

const sum = (lines: DocumentLine[], k: "taxable" | "cgst" | "sgst" | "igst" | "total") =>
  lines.reduce((n, l) => n + l[k], 0);

type Against = { number: string; day: string; total: number };
function doc(
  kind: SalesDocument["kind"],
  number: string,
  day: string,
  supply: Supply,
  pos: string,
  lines: DocumentLine[],
  buyer?: { gstin: string; name: string },
  against?: Against,
): SalesDocument {
  return {
    id: number,
    kind,
    number,
    issuedAt: new Date(`2026-${day}T12:00:00+05:30`),
    orderId: null,
    customOrderId: null,
    orderRef: "",
    sellerGstin: SHOP,
    buyerName: "A Buyer",
    buyerBusinessName: buyer?.name ?? null,
    buyerGstin: buyer?.gstin ?? null,
    b2b: Boolean(buyer),
    supply,
    pos,
    posName: null,
    lines,
    taxable: sum(lines, "taxable"),
    cgst: sum(lines, "cgst"),
    sgst: sum(lines, "sgst"),
    igst: sum(lines, "igst"),
    total: sum(lines, "total"),
    against: against
      ? {
          number: against.number,
          issuedAt: new Date(`2026-${against.day}T12:00:00+05:30`),
          total: against.total,
        }
      : null,
    reason: against ? "Refund" : null,
  };
}

const credit = (against: string) => `Credit against invoice ${against}`;
const cafe = { gstin: BUYER, name: "Bright Cafe, Pvt Ltd" };
const DOCS: SalesDocument[] = [
  // B2B, two rates: the sign and its delivery at 18%, an adapter at 12%.
  doc(
    "invoice",
    "NL/2026-27/00010",
    "07-03",
    "inter",
    "29",
    [
      line("Neon sign", 15000, 18, "inter", 3),
      line("Delivery (Standard)", 299, 18, "inter"),
      line("Adapter", 1120, 12, "inter"),
    ],
    cafe,
  ),
  doc("invoice", "NL/2026-27/00011", "07-05", "inter", "07", [line("Neon sign", 120000, 18, "inter")]),
  doc("invoice", "NL/2026-27/00012", "07-06", "intra", "09", [line("Neon sign", 3000, 18, "intra", 2)]),
  doc("invoice", "NL/2026-27/00013", "07-07", "inter", "27", [line("Neon sign", 2000, 18, "inter")]),
  doc("invoice", "NL/2026-27/00014", "07-08", "export", "96", [line("Neon sign", 10000, 0, "export")]),
  // Credit notes: against the B2B invoice (CDNR), the B2C large one (CDNUR B2CL), a June export (CDNUR
  // EXPWOP) and a June B2C small invoice to Tamil Nadu, where July sold nothing (a negative B2CS row).
  doc(
    "credit_note",
    "CN/2026-27/00005",
    "07-20",
    "inter",
    "29",
    [line(credit("NL/2026-27/00010"), 5000, 18, "inter")],
    cafe,
    { number: "NL/2026-27/00010", day: "07-03", total: 1641900 },
  ),
  doc(
    "credit_note",
    "CN/2026-27/00006",
    "07-21",
    "inter",
    "07",
    [line(credit("NL/2026-27/00011"), 20000, 18, "inter")],
    undefined,
    { number: "NL/2026-27/00011", day: "07-05", total: 12000000 },
  ),
  doc(
    "credit_note",
    "CN/2026-27/00007",
    "07-22",
    "export",
    "96",
    [line(credit("NL/2026-27/00008"), 5000, 0, "export")],
    undefined,
    { number: "NL/2026-27/00008", day: "06-10", total: 500000 },
  ),
  doc(
    "credit_note",
    "CN/2026-27/00008",
    "07-23",
    "inter",
    "33",
    [line(credit("NL/2026-27/00005"), 4000, 18, "inter")],
    undefined,
    { number: "NL/2026-27/00005", day: "06-02", total: 400000 },
  ),
];

const g = buildGstr1(DOCS, SHOP, "072026");
const names = new Map([[BUYER, cafe.name]]);
const sheets = gstr1Workbook(g, names);
const sheet = (name: string) => sheets.find((s) => s.name === name)!;
/** A column of a sheet, by its heading. */
const column = (name: string, heading: string) => {
  const s = sheet(name);
  const i = s.headings.indexOf(heading as never);
  expect(i, `${name}: ${heading}`).toBeGreaterThanOrEqual(0);
  return s.rows.map((r) => r[i]!);
};
const paise = (cells: Cell[]) => cells.reduce<number>((n, c) => n + Math.round(Number(c) * 100), 0);

describe("the GSTR-1 workbook's sheets", () => {
  it("has the template's sheets and column headings, in its order", () => {
    const invoice = ["Invoice Number", "Invoice date", "Invoice Value"];
    const tail = ["Rate", "Taxable Value", "Cess Amount"];
    const hsn = ["HSN", "Description", "UQC", "Total Quantity", "Total Value", "Rate", "Taxable Value"];
    const hsnTax = ["Integrated Tax Amount", "Central Tax Amount", "State/UT Tax Amount", "Cess Amount"];
    expect(sheets.map((s) => [s.name, s.headings])).toEqual([
      [
        "b2b,sez,de",
        ["GSTIN/UIN of Recipient", "Receiver Name", ...invoice, "Place Of Supply", "Reverse Charge"].concat([
          "Applicable % of Tax Rate",
          "Invoice Type",
          "E-Commerce GSTIN",
          ...tail,
        ]),
      ],
      ["b2cl", [...invoice, "Place Of Supply", "Applicable % of Tax Rate", ...tail, "E-Commerce GSTIN"]],
      ["b2cs", ["Type", "Place Of Supply", "Applicable % of Tax Rate", ...tail, "E-Commerce GSTIN"]],
      [
        "cdnr",
        ["GSTIN/UIN of Recipient", "Receiver Name", "Note Number", "Note Date", "Note Type"]
          .concat(["Place Of Supply", "Reverse Charge", "Note Supply Type", "Note Value"])
          .concat(["Applicable % of Tax Rate", ...tail]),
      ],
      [
        "cdnur",
        ["UR Type", "Note Number", "Note Date", "Note Type", "Place Of Supply", "Note Value"].concat([
          "Applicable % of Tax Rate",
          ...tail,
        ]),
      ],
      [
        "exp",
        ["Export Type", ...invoice, "Port Code", "Shipping Bill Number", "Shipping Bill Date", ...tail],
      ],
      ["hsn(b2b)", [...hsn, ...hsnTax]],
      ["hsn(b2c)", [...hsn, ...hsnTax]],
      ["docs", ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"]],
    ]);
  });

  it("writes every row as the template's values, from the JSON's figures", () => {
    const rows = Object.fromEntries(sheets.map((s) => [s.name, s.rows]));
    const b2b = [BUYER, cafe.name, "NL/2026-27/00010", "03-Jul-2026", 16419, "29-Karnataka", "N", ""];
    expect(rows["b2b,sez,de"]).toEqual([
      [...b2b, "Regular B2B", "", 12, 1000, 0],
      // 15,000 → 12,711.86 and delivery 299 → 253.39, one row for the rate.
      [...b2b, "Regular B2B", "", 18, 12965.25, 0],
    ]);
    expect(rows.b2cl).toEqual([
      ["NL/2026-27/00011", "05-Jul-2026", 120000, "07-Delhi", "", 18, 101694.92, 0, ""],
    ]);
    expect(rows.b2cs).toEqual([
      ["OE", "09-Uttar Pradesh", "", 18, 2542.37, 0, ""],
      ["OE", "27-Maharashtra", "", 18, 1694.92, 0, ""],
      // Only a credit note in Tamil Nadu: netted, negative, as the JSON has it.
      ["OE", "33-Tamil Nadu", "", 18, -3389.83, 0, ""],
    ]);
    expect(g.b2cs.at(-1)).toMatchObject({ pos: "33", txval: -3389.83, iamt: -610.17 });
    expect(rows.cdnr).toEqual([
      [
        BUYER,
        cafe.name,
        "CN/2026-27/00005",
        "20-Jul-2026",
        "C",
        "29-Karnataka",
        "N",
        "Regular B2B",
        5000,
      ].concat(["", 18, 4237.29, 0]),
    ]);
    expect(rows.cdnur).toEqual([
      ["B2CL", "CN/2026-27/00006", "21-Jul-2026", "C", "07-Delhi", 20000, "", 18, 16949.15, 0],
      ["EXPWOP", "CN/2026-27/00007", "22-Jul-2026", "C", "", 5000, "", 0, 5000, 0],
    ]);
    expect(rows.exp).toEqual([["WOPAY", "NL/2026-27/00014", "08-Jul-2026", 10000, "", "", "", 0, 10000, 0]]);
    // Registered: the B2B invoice less its credit note (the credit line carries no units, delivery none).
    expect(rows["hsn(b2b)"]).toEqual([
      ["9405", "", "NOS-NUMBERS", 1, 1120, 12, 1000, 120, 0, 0, 0],
      ["9405", "", "NOS-NUMBERS", 3, 10299, 18, 8727.96, 1571.04, 0, 0, 0],
    ]);
    // Unregistered: the export less its note at 0%; at 18% B2CL + B2CS less two notes (₹1,01,000 gross).
    expect(rows["hsn(b2c)"]).toEqual([
      ["9405", "", "NOS-NUMBERS", 1, 5000, 0, 5000, 0, 0, 0, 0],
      ["9405", "", "NOS-NUMBERS", 4, 101000, 18, 85593.23, 14949.14, 228.82, 228.81, 0],
    ]);
    expect(rows.docs).toEqual([
      ["Invoices for outward supply", "NL/2026-27/00010", "NL/2026-27/00014", 5, 0],
      ["Credit Note", "CN/2026-27/00005", "CN/2026-27/00008", 4, 0],
    ]);
  });

  it("adds up, sheet by sheet, to the JSON's tables to the paisa", () => {
    const tables = Object.fromEntries(gstr1TableTotals(g).map((t) => [t.table, t]));
    const sheetOf = {
      b2b: "b2b,sez,de",
      b2cl: "b2cl",
      b2cs: "b2cs",
      exp: "exp",
      cdnr: "cdnr",
      cdnur: "cdnur",
    };
    for (const [table, name] of Object.entries(sheetOf)) {
      expect(paise(column(name, "Taxable Value")), name).toBe(tables[table]!.taxable);
      expect(paise(column(name, "Cess Amount")), name).toBe(tables[table]!.cess);
    }
    expect(tables.b2cs!.taxable).toBe(254237 + 169492 - 338983);
    // Each invoice's and note's value once (it is repeated on each of its rates' rows) is the JSON's.
    const values = (name: string, number: string, value: string) => {
      const pairs = new Map(column(name, number).map((n, i) => [n, column(name, value)[i]]));
      return [...pairs.values()];
    };
    expect(values("b2b,sez,de", "Invoice Number", "Invoice Value")).toEqual([16419]);
    expect(values("cdnur", "Note Number", "Note Value")).toEqual(g.cdnur.map((n) => n.val));
    // The HSN sheets carry the tax: together they are GSTR-3B's 3.1(a) and 3.1(b), itself made from the JSON.
    const r3b = gstr3bFromGstr1(g);
    const both = (heading: string) => paise(column("hsn(b2b)", heading)) + paise(column("hsn(b2c)", heading));
    const of3b = (k: "taxable" | "igst" | "cgst" | "sgst") => r3b.outwardTaxable[k] + r3b.zeroRated[k];
    expect(both("Taxable Value")).toBe(of3b("taxable"));
    expect(both("Integrated Tax Amount")).toBe(of3b("igst"));
    expect(both("Central Tax Amount")).toBe(of3b("cgst"));
    expect(both("State/UT Tax Amount")).toBe(of3b("sgst"));
    expect(both("Total Value")).toBe(
      sum(
        DOCS.filter((d) => d.kind === "invoice").flatMap((d) => d.lines),
        "total",
      ) -
        sum(
          DOCS.filter((d) => d.kind === "credit_note").flatMap((d) => d.lines),
          "total",
        ),
    );
  });

  it("writes the template's date and place of supply, and leaves the receiver's name blank when unknown", () => {
    expect(templateDate("15-07-2026")).toBe("15-Jul-2026");
    expect(templateDate("01-12-2026")).toBe("01-Dec-2026");
    expect(() => templateDate("2026-07-15")).toThrow();
    expect(placeOfSupply("29")).toBe("29-Karnataka");
    expect(placeOfSupply("96")).toBe("96-Other Countries");
    expect(placeOfSupply(undefined)).toBe("");
    expect(gstr1Workbook(g)[0]!.rows[0]![1]).toBe("");
  });

  it("keeps every sheet, with only its headings, in a month without documents", () => {
    const empty = gstr1Workbook(buildGstr1([], SHOP, "082026"));
    expect(empty.map((s) => s.rows.length)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect([...gstr1WorkbookFiles(buildGstr1([], SHOP, "082026")).values()][2]).toBe(
      "Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\r\n",
    );
  });
});

/*
 * The zip read back by independent readers: Python's zipfile (CRC checked) and csv modules
 * (tests/support/zip-reader.ts), and Info-ZIP's unzip when the machine has it (CI's image may not).
 */
const hasUnzip = (() => {
  try {
    execFileSync("unzip", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("the GSTR-1 workbook's zip", () => {
  const zip = gstr1WorkbookZip(g, names, new Date("2026-08-01T10:00:00+05:30"));
  const expected = sheets.map((s) => [`${s.name}.csv`, [s.headings, ...s.rows].map((r) => r.map(String))]);

  it("opens in Python's zipfile, and its csv module reads every sheet as written", () => {
    const read = readZipOfCsv(zip);
    expect(read.bad).toBeNull();
    expect(read.names).toEqual(expected.map(([n]) => n));
    expect(Object.entries(read.sheets)).toEqual(expected);
    // The receiver's name with its comma is one cell; the negative B2CS value a plain number.
    expect(read.sheets["b2b,sez,de.csv"]![1]![1]).toBe("Bright Cafe, Pvt Ltd");
    expect(read.sheets["b2cs.csv"]![3]![4]).toBe("-3389.83");
  });

  it.runIf(hasUnzip)("lists and tests cleanly in unzip", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gstr1-workbook-"));
    try {
      const file = path.join(dir, "GSTR1.zip");
      fs.writeFileSync(file, zip);
      expect(execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n")).toEqual(
        expected.map(([n]) => n),
      );
      expect(execFileSync("unzip", ["-tq", file], { encoding: "utf8" })).toMatch(/No errors detected/);
      expect(execFileSync("unzip", ["-p", file, "docs.csv"], { encoding: "utf8" })).toBe(
        gstr1WorkbookFiles(g, names).get("docs.csv"),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
