import { describe, expect, it } from "vitest";
import { addBusinessDays, formatDeliveryDay, isBusinessDay, isNationalHoliday } from "./business-days";

describe("business days in India", () => {
  it("skips Sundays", () => {
    // Sat 29 Nov 2025 + 1 business day: Sunday skipped, Monday 1 Dec.
    expect(addBusinessDays("2025-11-29", 1)).toBe("2025-12-01");
    expect(addBusinessDays("2025-11-24", 5)).toBe("2025-11-29");
  });

  it("skips the national holidays (26 Jan, 15 Aug, 2 Oct)", () => {
    expect(isNationalHoliday("2026-01-26")).toBe(true);
    expect(isNationalHoliday("2026-08-15")).toBe(true);
    expect(isNationalHoliday("2026-10-02")).toBe(true);
    expect(isNationalHoliday("2026-10-03")).toBe(false);
    expect(isBusinessDay("2026-10-02")).toBe(false);
    // Thu 1 Oct 2026 + 1: Friday 2 Oct is Gandhi Jayanti, so Saturday 3 Oct.
    expect(addBusinessDays("2026-10-01", 1)).toBe("2026-10-03");
    // Fri 14 Aug 2026 + 1: Saturday 15 Aug is Independence Day, Sunday 16 Aug, so Monday 17 Aug.
    expect(addBusinessDays("2026-08-14", 1)).toBe("2026-08-17");
  });

  it("adds nothing for zero days", () => {
    expect(addBusinessDays("2026-01-26", 0)).toBe("2026-01-26");
  });

  it("words a day as the shopper reads it", () => {
    expect(formatDeliveryDay("2025-12-04")).toBe("Thu 4 Dec");
  });
});
