import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DropCounts } from "~/features/site-speed/web-vitals";
import { MonitoringDropsCard } from "./monitoring-drops";

const caps = { vitalsPerPageDay: 3, cspNewKindsPerDay: 5, cspReportsPerDay: 100, cspKindsPerDay: 200 };
const none: DropCounts = {
  csp: { "network-cap": 0, "day-full": 0 },
  vitals: { "network-cap": 0, "day-full": 0 },
};
const html = (dropped: DropCounts, days = 7) =>
  renderToString(<MonitoringDropsCard days={days} dropped={dropped} caps={caps} />).replace(/<!-- -->/g, "");

describe("MonitoringDropsCard", () => {
  it("says nothing was left out, and explains the shares", () => {
    const out = html(none, 28);
    expect(out).toContain("Nothing was left out in the last 28 days.");
    expect(out).toContain("may add 3 speed measurements per page and device a day, 5 new blocked things");
    expect(out).toContain("at most 200 blocked things");
    expect(out).not.toContain("<table");
  });

  it("shows dropped reports and beacons by reason, with totals", () => {
    const out = html({
      csp: { "network-cap": 195, "day-full": 12 },
      vitals: { "network-cap": 54, "day-full": 0 },
    });
    const rows = out.split("<tr").slice(1);
    expect(rows[0]).toContain("One network&#x27;s daily share used up");
    expect(rows[0]).toContain("Day&#x27;s list of blocked things full");
    expect(rows[1]).toMatch(/Security policy reports.*>195<.*>12<.*>207</);
    // Vitals cannot find the day full: the cell says it does not apply.
    expect(rows[2]).toMatch(/Speed measurements.*>54<.*Does not apply.*>54</);
  });
});
