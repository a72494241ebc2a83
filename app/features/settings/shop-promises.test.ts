import { describe, expect, it } from "vitest";
import { openingHours, REFUND_TIME, supportHoursSentence } from "./shop-promises";

describe("the shop's promises, one home each (issue 42)", () => {
  const hours = {
    weekdays: "Mon-Fri: 9:00 AM - 8:00 PM",
    saturday: "Sat: 10:00 AM - 6:00 PM",
    sunday: "Sun: Closed",
  };
  it("states the store's own hours, as saved in the settings", () => {
    expect(openingHours(hours)).toBe("Mon-Fri: 9:00 AM - 8:00 PM, Sat: 10:00 AM - 6:00 PM, Sun: Closed");
    expect(supportHoursSentence({ ...hours, sunday: "" })).toBe(
      "Our support team is available Mon-Fri: 9:00 AM - 8:00 PM, Sat: 10:00 AM - 6:00 PM (IST), and replies within 24 hours.",
    );
  });
  it("keeps the Return Policy's refund time", () => {
    expect(REFUND_TIME).toBe("7-10 business days");
  });
});
