import { describe, expect, it } from "vitest";
import { feedPublished, feedSettingsSchema } from "./feed-settings";
import { sectionOfField } from "./settings-sections";

describe("the product feeds' settings (issue 46)", () => {
  it("publish no feed until the owner turns one on; settings saved before them publish none", () => {
    expect(feedSettingsSchema.parse({})).toEqual({ google: "off", meta: "off" });
    const on = feedSettingsSchema.parse({ google: "on", meta: "" });
    expect(feedPublished(on, "google")).toBe(true);
    expect(feedPublished(on, "meta")).toBe(false);
  });

  it("refuse anything but on or off, naming the feed", () => {
    const r = feedSettingsSchema.safeParse({ google: "yes" });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe("Choose whether the Google feed is published");
  });

  it("are the Product feeds section's", () => {
    expect(sectionOfField("feeds.google")).toBe("feeds");
    expect(sectionOfField("feeds.meta")).toBe("feeds");
  });
});
