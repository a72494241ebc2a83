import { describe, expect, it } from "vitest";
import { codConfirmationSettingsSchema } from "~/features/settings/cod-settings";
import {
  buttonPayload,
  confirmationClock,
  confirmationFigures,
  durationText,
  historyNote,
  parseButtonPayload,
} from "./cod-confirmation";

const at = (min: number) => new Date(Date.UTC(2026, 10, 27, 6, 0) + min * 60_000);

describe("COD confirmation rules", () => {
  it("button payloads round-trip, and nothing else parses", () => {
    const token = "aB3_-".repeat(8);
    expect(parseButtonPayload(buttonPayload("confirm", token))).toEqual({
      answer: "confirm",
      replyToken: token,
    });
    expect(parseButtonPayload(buttonPayload("cancel", token))).toEqual({
      answer: "cancel",
      replyToken: token,
    });
    for (const bad of [
      undefined,
      7,
      "",
      "cod-confirm:short",
      `cod-delete:${token}`,
      `cod-confirm:${token}!`,
      `x${buttonPayload("confirm", token)}`,
    ])
      expect(parseButtonPayload(bad)).toBeNull();
  });

  it("the clock: reminder and cancellation after the settings' hours", () => {
    expect(confirmationClock(at(0), { remindAfterHours: 12, cancelAfterHours: 48 })).toEqual({
      remindAt: at(12 * 60),
      cancelAt: at(48 * 60),
    });
  });

  it("settings: defaults for old settings, the cancellation after the reminder, the stock kept no longer", () => {
    expect(codConfirmationSettingsSchema.parse({})).toEqual({
      remindAfterHours: 12,
      cancelAfterHours: 48,
      holdStockHours: 2,
      whatsappTemplate: "cod_confirmation",
    });
    const bad = codConfirmationSettingsSchema.safeParse({ remindAfterHours: "24", cancelAfterHours: "24" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["cancelAfterHours"]);
    // The stock is kept at most until the order is cancelled (issue 41).
    const long = codConfirmationSettingsSchema.safeParse({
      remindAfterHours: "2",
      cancelAfterHours: "6",
      holdStockHours: "7",
    });
    expect(long.error?.issues.map((i) => i.path)).toEqual([["holdStockHours"]]);
    expect(codConfirmationSettingsSchema.safeParse({ whatsappTemplate: "COD Confirm!" }).success).toBe(false);
  });

  it("figures: rate over the decided, median time to confirm, auto-cancelled", () => {
    const f = confirmationFigures([
      { state: "confirmed", createdAt: at(0), answeredAt: at(10) },
      { state: "confirmed", createdAt: at(0), answeredAt: at(30) },
      { state: "confirmed", createdAt: at(0), answeredAt: at(200) },
      { state: "expired", createdAt: at(0), answeredAt: at(2880) },
      { state: "cancelled", createdAt: at(0), answeredAt: at(5) },
      { state: "awaiting", createdAt: at(0), answeredAt: null },
    ]);
    expect(f).toEqual({
      requested: 6,
      waiting: 1,
      confirmed: 3,
      rate: 0.6,
      medianMinutes: 30,
      autoCancelled: 1,
    });
    expect(confirmationFigures([])).toMatchObject({ rate: null, medianMinutes: null, autoCancelled: 0 });
    expect(
      confirmationFigures([
        { state: "confirmed", createdAt: at(0), answeredAt: at(10) },
        { state: "confirmed", createdAt: at(0), answeredAt: at(21) },
      ]).medianMinutes,
    ).toBe(16);
  });

  it("words: durations and the timeline's notes", () => {
    expect([
      durationText(null),
      durationText(35),
      durationText(125),
      durationText(120),
      durationText(3 * 1440),
    ]).toEqual(["–", "35 min", "2 h 5 min", "2 h", "3 days"]);
    expect(historyNote("confirm", "whatsapp")).toBe("Cash on delivery confirmed on WhatsApp");
    expect(historyNote("cancel", "page")).toBe("Cancelled by the shopper on the order page");
    expect(historyNote("confirm", "staff")).toBe("Cash on delivery confirmed by phone with staff");
  });
});
