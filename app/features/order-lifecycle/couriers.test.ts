import { describe, expect, it } from "vitest";
import { trackingUrl } from "./couriers";

describe("courier tracking links", () => {
  it("links known couriers, whatever their spelling", () => {
    expect(trackingUrl("Delhivery", "1234567890")).toBe(
      "https://www.delhivery.com/track-v2/package/1234567890",
    );
    expect(trackingUrl("BlueDart Express", "ab12345")).toContain("trackNo=ab12345");
  });
  it("gives no link for unknown couriers or odd numbers", () => {
    expect(trackingUrl("Local van", "1234567890")).toBeNull();
    expect(trackingUrl("Delhivery", "12 34<script>")).toBeNull();
    expect(trackingUrl(null, "123456")).toBeNull();
  });
});
