import { describe, expect, it } from "vitest";
import { todayInIndia } from "~/shared/ist-dates";
import { DEFAULT_SHIPPING } from "./shop-settings";
import {
  contactDeliveryAnswer,
  customDeliveryText,
  deliveryWindow,
  dispatchText,
  madeToOrderExtraDays,
  makingLoadDays,
  MAX_LOAD_DAYS,
  productDeliveryAnswer,
  productionDays,
  readyDeliveryText,
  windowDates,
} from "./delivery-promises";

const rules = DEFAULT_SHIPPING;

describe("delivery promises from the shop settings", () => {
  it("adds the production days to the days in transit", () => {
    expect(deliveryWindow(rules)).toEqual({ daysMin: 7, daysMax: 14 });
    expect(deliveryWindow(rules, { custom: true })).toEqual({ daysMin: 10, daysMax: 17 });
    expect(deliveryWindow(rules, { express: true })).toEqual({ daysMin: 3, daysMax: 5 });
    expect(deliveryWindow(rules, { custom: true, express: true })).toEqual({ daysMin: 6, daysMax: 8 });
  });

  it("writes every sentence from the same numbers, so a changed setting changes them all", () => {
    expect(readyDeliveryText(rules)).toBe("7-14 business days");
    expect(customDeliveryText(rules)).toBe("10-17 business days");
    expect(contactDeliveryAnswer(rules)).toBe(
      "Standard delivery takes 7-14 business days; custom designs take 10-17 days.",
    );
    const changed = {
      ...rules,
      readyDispatchDays: 0,
      customMakingDays: 8,
      standardDaysMin: 3,
      standardDaysMax: 3,
    };
    expect(readyDeliveryText(changed)).toBe("3 business days");
    expect(productDeliveryAnswer(changed)).toBe(
      "Standard delivery takes 3 business days after your order is confirmed; custom designs take 11 days. Rush orders are available for an extra charge.",
    );
    expect(dispatchText(changed)).toBe("dispatched the same day");
    expect(dispatchText({ ...changed, readyDispatchDays: 1 })).toBe("dispatched within 1 business day");
    expect(dispatchText(rules)).toBe("dispatched within 2 business days");
  });

  it("counts the dates in business days: Sundays and national holidays skipped", () => {
    // Thu 27 Nov 2025: +7 business days skips Sun 30 Nov and Sun 7 Dec.
    expect(windowDates({ daysMin: 7, daysMax: 14 }, "2025-11-27")).toEqual({
      from: "2025-12-05",
      to: "2025-12-13",
    });
    // Wed 30 Sep 2026 + 3: Fri 2 Oct (Gandhi Jayanti) and Sun 4 Oct are skipped, Mon 5 Oct.
    expect(windowDates({ daysMin: 3, daysMax: 3 }, "2026-09-30").to).toBe("2026-10-05");
    // Counted from a Sunday: the first business day is Monday.
    expect(windowDates({ daysMin: 1, daysMax: 1 }, "2025-11-30").to).toBe("2025-12-01");
  });

  it("starts from today in India, which begins at 18:30 UTC", () => {
    // 18:29 UTC on Sat 29 Nov is still Saturday in India; a minute later it is Sunday 30 Nov.
    const sat = todayInIndia(new Date("2025-11-29T18:29:00Z"));
    const sun = todayInIndia(new Date("2025-11-29T18:30:00Z"));
    expect([sat, sun]).toEqual(["2025-11-29", "2025-11-30"]);
    // From Saturday, one business day is Monday; from Sunday too (Sunday does not count).
    expect(windowDates({ daysMin: 1, daysMax: 2 }, sat)).toEqual({ from: "2025-12-01", to: "2025-12-02" });
    expect(windowDates({ daysMin: 1, daysMax: 2 }, sun)).toEqual({ from: "2025-12-01", to: "2025-12-02" });
    // Late on Friday 14 Aug 2026 in India (18:00 UTC is 23:30 IST): 15 Aug and the Sunday are skipped.
    const fri = todayInIndia(new Date("2026-08-14T18:00:00Z"));
    expect(fri).toBe("2026-08-14");
    expect(windowDates({ daysMin: 1, daysMax: 1 }, fri).to).toBe("2026-08-17");
  });
});

describe("the production board's load in the promise (decision 062)", () => {
  it("whole days of the metres waiting at the workshop's metres a day; less than a day adds nothing", () => {
    expect(makingLoadDays(0, 25)).toBe(0);
    expect(makingLoadDays(24.9, 25)).toBe(0);
    expect(makingLoadDays(25, 25)).toBe(1);
    expect(makingLoadDays(130, 25)).toBe(5);
    expect(makingLoadDays(10_000, 1)).toBe(MAX_LOAD_DAYS);
    expect(makingLoadDays(50, 0)).toBe(0);
  });

  it("adds them to custom and made-to-order promises, not to signs in stock", () => {
    const busy = { ...rules, makingLoadDays: 3 };
    expect(deliveryWindow(busy, { custom: true })).toEqual({ daysMin: 13, daysMax: 20 });
    expect(deliveryWindow(busy)).toEqual({ daysMin: 7, daysMax: 14 });
    expect(productionDays(busy, true)).toBe(8);
    expect(madeToOrderExtraDays(busy, 5)).toBe(8);
    expect(madeToOrderExtraDays(busy, 0)).toBe(0);
    expect(customDeliveryText(busy)).toBe("13-20 business days");
  });
});
