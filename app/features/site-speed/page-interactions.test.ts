import { describe, expect, it } from "vitest";
import { PageInteractions } from "./page-interactions";

describe("PageInteractions", () => {
  it("gives each interaction to the page shown when it started, so in-app pages get their own INP", () => {
    const p = new PageInteractions("/");
    p.record({ interactionId: 1, startTime: 500, duration: 80 });
    // The click that leaves the home page belongs to the home page.
    p.record({ interactionId: 2, startTime: 900, duration: 120 });
    p.navigated("/customize", 1000);
    p.navigated("/customize", 1500); // the design written into the address: the same page
    p.record({ interactionId: 3, startTime: 1200, duration: 250 });
    p.record({ interactionId: 4, startTime: 1600, duration: 64 });
    p.navigated("/checkout", 3000);
    p.record({ interactionId: 5, startTime: 3100, duration: 48 });
    expect(Object.fromEntries(p.inp())).toEqual({ "/": 120, "/customize": 250, "/checkout": 48 });
    expect(p.pageAt(999)).toBe("/");
    expect(p.pageAt(1000)).toBe("/customize");
  });

  it("takes an interaction's longest entry, and skips entries that are not interactions", () => {
    const p = new PageInteractions("/checkout");
    // keydown, keypress and keyup of one keystroke share an interactionId.
    p.record({ interactionId: 7, startTime: 10, duration: 56 });
    p.record({ interactionId: 7, startTime: 12, duration: 184 });
    p.record({ interactionId: 7, startTime: 14, duration: 40 });
    p.record({ interactionId: 0, startTime: 20, duration: 900 }); // a hover: no interactionId
    expect(p.inp().get("/checkout")).toBe(184);
  });

  it("skips the longest interaction for every 50, as web-vitals does", () => {
    const p = new PageInteractions("/customize");
    for (let i = 1; i <= 49; i++) p.record({ interactionId: i, startTime: i, duration: 50 + i });
    expect(p.inp().get("/customize")).toBe(99);
    p.record({ interactionId: 50, startTime: 50, duration: 400 });
    p.record({ interactionId: 51, startTime: 51, duration: 300 });
    // 51 interactions: the longest (400) is skipped.
    expect(p.inp().get("/customize")).toBe(300);
  });
});
