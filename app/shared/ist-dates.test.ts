import { describe, expect, it } from "vitest";
import {
  describeDays,
  lastUpdatedDate,
  formatIsoDate,
  formatIstDate,
  formatIstDateTime,
  formatIstDayLongMonth,
  formatIstDayLongMonthTime,
  formatIstDayMonth,
  formatIstDayMonthTime,
  formatIstLongDate,
  formatIstMediumDate,
  formatIstMediumDateTime,
  formatIstTime,
} from "./ist-dates";

describe("dates in India", () => {
  it("formats in IST, midnight as 00", () => {
    expect(formatIstDateTime("2025-08-30T18:30:00Z")).toBe("2025-08-31 00:00");
    expect(formatIstDateTime(new Date("2025-08-31T08:35:00Z"))).toBe("2025-08-31 14:05");
    expect(formatIstDate("2025-08-30T18:30:00Z")).toBe("31 Aug 2025");
  });
});

describe("describeDays", () => {
  it("names a promotion's window, an open end, or none", () => {
    expect(describeDays("2026-12-01", "2026-12-31")).toBe(
      `${formatIsoDate("2026-12-01")} – ${formatIsoDate("2026-12-31")}`,
    );
    expect(describeDays("2026-12-01", null)).toBe(`From ${formatIsoDate("2026-12-01")}`);
    expect(describeDays(null, "2026-12-31")).toBe(`Until ${formatIsoDate("2026-12-31")}`);
    expect(describeDays(null, null)).toBe("Always");
  });
});

describe("the pages' India-time styles", () => {
  // Around India's midnight (18:30 UTC), a morning and an afternoon, a leap day, a string and a Date.
  const instants = [
    "2025-08-30T18:29:00Z",
    "2025-08-30T18:30:00Z",
    "2026-03-05T08:35:00Z",
    "2028-02-28T20:00:00.000Z",
    "2026-12-31T23:59:59Z",
  ];
  const tz = "Asia/Kolkata";

  it("give what each page's own formatting gave (same locale, options and time zone)", () => {
    for (const iso of instants) {
      const d = new Date(iso);
      expect(formatIstDayMonth(iso)).toBe(
        new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: tz }).format(d),
      );
      const short = {
        day: "numeric",
        month: "short",
        hour: "numeric",
        minute: "2-digit",
        timeZone: tz,
      } as const;
      expect(formatIstDayMonthTime(iso)).toBe(d.toLocaleString("en-IN", short));
      expect(formatIstDayLongMonthTime(d)).toBe(d.toLocaleString("en-IN", { ...short, month: "long" }));
      expect(formatIstDayLongMonth(iso)).toBe(
        d.toLocaleDateString("en-IN", { day: "numeric", month: "long", timeZone: tz }),
      );
      expect(formatIstTime(iso)).toBe(
        d.toLocaleTimeString("en-IN", { hour: "numeric", minute: "2-digit", timeZone: tz }),
      );
      expect(formatIstLongDate(iso)).toBe(
        d.toLocaleDateString("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: tz }),
      );
      expect(formatIstMediumDate(d)).toBe(
        new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: tz }).format(d),
      );
      expect(formatIstMediumDateTime(d)).toBe(
        new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: tz }).format(d),
      );
    }
  });

  it("show India's day and time, not the server's", () => {
    expect(formatIstDayMonth("2025-08-30T18:30:00Z")).toBe("31 Aug");
    expect(formatIstDayMonthTime("2026-03-05T08:35:00Z")).toBe("5 Mar, 2:05 pm");
    expect(formatIstTime("2025-08-30T18:30:00Z")).toBe("12:00 am");
    expect(formatIstLongDate("2025-08-30T18:29:00Z")).toBe("30 August 2025");
    expect(formatIstLongDate("2025-08-30T18:30:00Z")).toBe("31 August 2025");
    expect(formatIstDayLongMonthTime("2026-03-05T08:35:00Z")).toMatch(/^5 March\b.*2:05 pm$/);
  });

  it("say Invalid Date for a date that is not one, as toLocaleString does", () => {
    expect(formatIstDayMonthTime("not a date")).toBe(new Date("x").toLocaleString("en-IN", { timeZone: tz }));
  });
});

describe("a policy's Last updated (issue 42)", () => {
  it("is the day its words changed, or the settings' last save when later, in India", () => {
    expect(lastUpdatedDate("2026-11-24")).toBe("24 November 2026");
    expect(lastUpdatedDate("2026-11-24", "2026-11-20T10:00:00.000Z")).toBe("24 November 2026");
    expect(lastUpdatedDate("2026-11-24", "2026-11-28T10:00:00.000Z")).toBe("28 November 2026");
    // Saved at 11 pm in India on the 28th (17:30 UTC): the 28th, not the server's day.
    expect(lastUpdatedDate("2026-11-24", "2026-11-28T17:30:00.000Z")).toBe("28 November 2026");
    expect(lastUpdatedDate("2026-11-24", "2026-11-28T18:30:00.000Z")).toBe("29 November 2026");
    expect(lastUpdatedDate("2026-11-24", null)).toBe("24 November 2026");
  });
});
