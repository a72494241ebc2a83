import { describe, expect, it } from "vitest";
import { lastMonthKey, moneyPeriods, parseMoneyPeriod, parseReturnPeriod } from "./return-period";
import { b2clThresholdPaise, portalDate, serialOf, seriesOf } from "./sales-documents";

describe("return periods", () => {
  it("bounds a month and a quarter by midnight in India", () => {
    expect(parseReturnPeriod("2026-05")).toMatchObject({
      from: new Date("2026-04-30T18:30:00Z"),
      to: new Date("2026-05-31T18:30:00Z"),
      fp: "052026",
      quarterly: false,
    });
    expect(parseReturnPeriod("2026-27-Q4")).toMatchObject({
      from: new Date("2026-12-31T18:30:00Z"),
      to: new Date("2027-03-31T18:30:00Z"),
      fp: "032027",
      label: "Jan 2027 – Mar 2027",
    });
    expect(parseReturnPeriod("2026-12")?.to).toEqual(new Date("2026-12-31T18:30:00Z"));
    for (const bad of ["2026-13", "2026-00", "2026-28-Q1", "2026-27-Q5", "2016-04", "May 2026", ""])
      expect(parseReturnPeriod(bad)).toBeNull();
  });

  it("offers last month, in India", () => {
    expect(lastMonthKey(new Date("2026-05-31T18:29:00Z"))).toBe("2026-04");
    expect(lastMonthKey(new Date("2026-05-31T18:31:00Z"))).toBe("2026-05");
    expect(lastMonthKey(new Date("2026-01-10T00:00:00Z"))).toBe("2025-12");
  });

  it("reads document numbers, dates and the B2C large threshold as the portal does", () => {
    expect([serialOf("NL/2026-27/00012"), seriesOf("NL/2026-27/00012")]).toEqual([12, "NL/2026-27"]);
    expect([serialOf("NL2026-27/100000"), seriesOf("NL2026-27/100000")]).toEqual([100000, "NL/2026-27"]);
    expect(portalDate(new Date("2026-05-31T18:30:00Z"))).toBe("01-06-2026");
    expect(b2clThresholdPaise(new Date("2024-07-31T18:29:59Z"))).toBe(25_000_000);
    expect(b2clThresholdPaise(new Date("2024-07-31T18:30:00Z"))).toBe(10_000_000);
  });
});

describe("money periods", () => {
  it("take a month, a quarter or a financial year", () => {
    expect(parseMoneyPeriod("2026-27")).toMatchObject({
      from: new Date("2026-03-31T18:30:00Z"),
      to: new Date("2027-03-31T18:30:00Z"),
      label: "FY 2026-27 (Apr 2026 – Mar 2027)",
    });
    expect(parseMoneyPeriod("2026-11")?.to).toEqual(new Date("2026-11-30T18:30:00Z"));
    expect(parseMoneyPeriod("2026-27-Q3")?.label).toBe("Oct 2026 – Dec 2026");
    for (const bad of ["2026-28", "2016-17", "2026", "2026-13"]) expect(parseMoneyPeriod(bad)).toBeNull();
    expect(moneyPeriods(new Date("2026-11-28T10:00:00Z"))).toEqual(
      expect.arrayContaining(["2026-11", "2026-10", "2026-27-Q2", "2026-27", "2025-26"]),
    );
  });
});
