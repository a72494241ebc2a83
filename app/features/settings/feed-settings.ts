import { z } from "~/shared/zod";

/*
 * The product feeds (issue 46, decision 064): which of /feeds/google.xml (Google Merchant Center) and
 * /feeds/meta.csv (Meta's catalogue for Instagram and Facebook shops) the shop publishes. Stored in the shop
 * settings' JSON under `feeds`; settings saved before it publish neither (a feed is published by choice).
 */

export const FEED_SWITCH = ["on", "off"] as const;
export type FeedSwitch = (typeof FEED_SWITCH)[number];

export const FEED_SWITCH_LABELS: Record<FeedSwitch, string> = {
  on: "Published",
  off: "Not published",
};

export const DEFAULT_FEED_SETTINGS: { google: FeedSwitch; meta: FeedSwitch } = { google: "off", meta: "off" };

const feedSwitch = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? "off" : v),
    z.enum(FEED_SWITCH, { error: `Choose whether the ${label} is published` }),
  );

export const feedSettingsSchema = z.object({
  google: feedSwitch("Google feed"),
  meta: feedSwitch("Meta feed"),
});

export type FeedSettings = z.output<typeof feedSettingsSchema>;
export type FeedKind = keyof FeedSettings;

/** Whether the owner publishes this feed. */
export function feedPublished(settings: FeedSettings, kind: FeedKind): boolean {
  return settings[kind] === "on";
}
