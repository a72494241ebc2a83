import { describe, expect, it } from "vitest";
import { parseAmount, parseDay, parseRemittanceCsv } from "./cod-remittance-csv.server";

describe("a courier's COD remittance report", () => {
  it("reads amounts as the reports write them, in paise", () => {
    expect(["1,299.00", "₹1299.5", "Rs. 1,23,456", "0", " 12 "].map(parseAmount)).toEqual([
      129_900, 129_950, 12_345_600, 0, 1_200,
    ]);
    expect(["", "ten", "-5", "1.234", "1e3"].map(parseAmount)).toEqual([null, null, null, null, null]);
  });

  it("reads the days Indian reports write, and refuses impossible ones", () => {
    expect(
      ["2026-11-03", "03-11-2026", "3/11/2026", "03-Nov-2026", "3 November 2026", "2026-11-03 14:20:00"].map(
        parseDay,
      ),
    ).toEqual(Array(6).fill("2026-11-03"));
    expect(
      ["31-02-2026", "2026-13-01", "11/03/26", "yesterday", "03-Xyz-2026", "01-01-2016"].map(parseDay),
    ).toEqual(Array(6).fill(null));
  });

  it("finds the columns by their names, whatever their case, spaces and order, and a quoted comma", () => {
    const r = parseRemittanceCsv(
      '\uFEFFRemittance Date,"UTR No.",Order Id,AWB Code,COD Amount,Remitted Amount\r\n05-11-2026,UTR9,NL-1, awb 12 ,"1,500.00","1,450.00"\r\n',
    );
    expect(r).toEqual({
      ok: true,
      lines: [{ awb: "AWB12", amount: 145_000, remittedOn: "2026-11-05", reference: "UTR9" }],
    });
  });

  it("a file without a reference column keys each line by its day", () => {
    const r = parseRemittanceCsv("awb,amount,date\nX1234,10,2026-11-01\n");
    expect(r).toEqual({
      ok: true,
      lines: [{ awb: "X1234", amount: 1_000, remittedOn: "2026-11-01", reference: "2026-11-01" }],
    });
  });

  it("refuses a file missing a column, with no lines, or with bad lines (naming at most five)", () => {
    expect(parseRemittanceCsv("Order,Amount\nNL-1,10\n")).toEqual({
      ok: false,
      message: "The file has no AWB, date column. Its headings: Order, Amount.",
    });
    expect(parseRemittanceCsv("AWB,Amount,Date\n")).toMatchObject({
      ok: false,
      message: "The file has no remittance lines.",
    });
    const bad = ["AWB,Amount,Date", ...Array.from({ length: 7 }, (_, i) => `A${i}!,1,2026-11-01`)].join("\n");
    const r = parseRemittanceCsv(bad);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(
      /^Nothing was recorded: line 2: the AWB "A0!" is not one; .*; and 2 more\.$/,
    );
    expect(parseRemittanceCsv('AWB,Amount,Date\n"unclosed,1,2026-11-01\n')).toMatchObject({ ok: false });
  });
});
