import { describe, expect, it } from "vitest";
import { autoPublishesTextReviews, reviewSettingsSchema } from "./review-settings";

describe("review settings", () => {
  it("moderate every review unless the owner chose otherwise (settings saved before the option too)", () => {
    for (const stored of [undefined, null, {}, { autoPublish: "" }, { autoPublish: null }]) {
      const parsed = reviewSettingsSchema.parse(stored ?? {});
      expect(parsed).toEqual({ autoPublish: "moderate" });
      expect(autoPublishesTextReviews(parsed)).toBe(false);
    }
    expect(autoPublishesTextReviews(reviewSettingsSchema.parse({ autoPublish: "auto-text" }))).toBe(true);
  });

  it("refuse anything but the two choices", () => {
    const bad = reviewSettingsSchema.safeParse({ autoPublish: "always" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe("Choose how reviews are published");
  });
});
