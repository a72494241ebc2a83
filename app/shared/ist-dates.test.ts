import { describe, expect, it } from "vitest";
import { describeDays, formatIsoDate, formatIstDateTime, formatIstDate } from "./ist-dates";

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
