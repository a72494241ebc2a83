import { describe, expect, it } from "vitest";
import { DEFAULT_SHIPPING } from "~/features/settings/shop-settings";
import {
  boardLoad,
  checkStageMove,
  dueDate,
  moveCardSchema,
  neighbours,
  startsMaking,
  urgencies,
  waitingFor,
} from "./production-board";
import { customLineText, productLineText } from "./board-lines";

const rules = {
  ...DEFAULT_SHIPPING,
  customMakingDays: 5,
  readyDispatchDays: 2,
  standardDaysMin: 5,
  expressDaysMin: 1,
};

describe("moves", () => {
  it("one column at a time, forward or back; the same column is harmless", () => {
    expect(checkStageMove("to_cut", "to_bend")).toEqual({ ok: true, unchanged: false });
    expect(checkStageMove("testing", "to_bend")).toEqual({ ok: true, unchanged: false });
    expect(checkStageMove("to_bend", "to_bend")).toEqual({ ok: true, unchanged: true });
    const skip = checkStageMove("to_cut", "ready_to_pack");
    expect(skip.ok).toBe(false);
    expect(!skip.ok && skip.message).toMatch(/in To cut now: it moves one column at a time/);
  });
  it("each column's neighbours", () => {
    expect(neighbours("to_cut")).toEqual({ back: null, next: "to_bend" });
    expect(neighbours("ready_to_pack")).toEqual({ back: "testing", next: null });
  });
  it("making starts with the move out of To cut", () => {
    expect(startsMaking("to_cut", "to_bend")).toBe(true);
    expect(startsMaking("to_bend", "testing")).toBe(false);
    expect(startsMaking("to_bend", "to_cut")).toBe(false);
  });
  it("waits for confirmation, and a custom sign for its approved proof", () => {
    expect(waitingFor("order", "pending", null)).toBe("Confirm the order to start making.");
    expect(waitingFor("order", "confirmed", null)).toBeNull();
    expect(waitingFor("custom", "confirmed", null)).toMatch(/proof to be sent/);
    expect(waitingFor("custom", "confirmed", "sent")).toMatch(/approve the proof/);
    expect(waitingFor("custom", "confirmed", "approved")).toBeNull();
    // Staff already put it into production (with a reason): nothing to wait for.
    expect(waitingFor("custom", "in_production", null)).toBeNull();
  });
  it("the form names a card by uuid and a known column", () => {
    const id = "3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f";
    expect(moveCardSchema.safeParse({ kind: "custom", orderId: id, lineId: id, to: "to_bend" }).success).toBe(
      true,
    );
    expect(
      moveCardSchema.safeParse({ kind: "custom", orderId: "x", lineId: id, to: "to_bend" }).success,
    ).toBe(false);
    expect(moveCardSchema.safeParse({ kind: "custom", orderId: id, lineId: id, to: "shipped" }).success).toBe(
      false,
    );
  });
});

describe("due date: the dispatch day of the promise", () => {
  // Mon 2 Nov 2026. Standard: a stored window of 10-17 is 5 production days then 5-12 in transit.
  it("the stored window's first day less the transit's first day, in business days", () => {
    expect(
      dueDate(
        { orderDay: "2026-11-02", deliveryDaysMin: 10, shippingMethod: "standard", custom: true },
        rules,
      ),
    ).toBe(
      "2026-11-07", // Mon + 5 business days = Sat 7 Nov
    );
    // Express: 1 day in transit, so a 6-day window leaves 5 production days.
    expect(
      dueDate({ orderDay: "2026-11-02", deliveryDaysMin: 6, shippingMethod: "express", custom: true }, rules),
    ).toBe("2026-11-07");
  });
  it("skips Sundays", () => {
    // Sat 7 Nov + 2 business days = Tue 10 Nov (Sunday skipped).
    expect(
      dueDate(
        { orderDay: "2026-11-07", deliveryDaysMin: 7, shippingMethod: "standard", custom: false },
        rules,
      ),
    ).toBe("2026-11-10");
  });
  it("an older order without a window, or one shipped abroad, takes the settings' days for its kind (without load)", () => {
    const loaded = { ...rules, makingLoadDays: 4 };
    expect(
      dueDate(
        { orderDay: "2026-11-02", deliveryDaysMin: null, shippingMethod: "standard", custom: true },
        loaded,
      ),
    ).toBe("2026-11-07");
    expect(
      dueDate(
        { orderDay: "2026-11-02", deliveryDaysMin: 12, shippingMethod: "international", custom: false },
        loaded,
      ),
    ).toBe("2026-11-04");
  });
  it("never before the order's day", () => {
    expect(
      dueDate(
        { orderDay: "2026-11-02", deliveryDaysMin: 2, shippingMethod: "standard", custom: false },
        rules,
      ),
    ).toBe("2026-11-02");
  });
});

describe("late and at risk", () => {
  const today = "2026-11-02"; // a Monday
  it("late once the due day has passed; made when ready to pack", () => {
    const u = urgencies(
      [
        { key: "a", stage: "to_bend", due: "2026-10-31", ledMetres: 1 },
        { key: "b", stage: "ready_to_pack", due: "2026-10-30", ledMetres: 1 },
      ],
      today,
      25,
    );
    expect(u.get("a")).toBe("late");
    expect(u.get("b")).toBe("done");
  });
  it("at risk when the metres waiting up to it (earliest due first) need the days left", () => {
    // 25 m a day: a (due Wed) takes today; b (due Wed) brings 40 m, two days (Mon, Tue): on time;
    // c (due Tue) is first in line: 20 m, today: on time; d (due Thu) brings 80 m: 4 days, Thu: at risk.
    const u = urgencies(
      [
        { key: "a", stage: "to_cut", due: "2026-11-04", ledMetres: 10 },
        { key: "b", stage: "testing", due: "2026-11-04", ledMetres: 10 },
        { key: "c", stage: "to_cut", due: "2026-11-03", ledMetres: 20 },
        { key: "d", stage: "to_cut", due: "2026-11-05", ledMetres: 40 },
      ],
      today,
      25,
    );
    expect(u.get("c")).toBe("on_time");
    expect(u.get("a")).toBe("on_time");
    expect(u.get("b")).toBe("on_time");
    expect(u.get("d")).toBe("at_risk");
  });
  it("a line due today is at risk; the same line with a light load due tomorrow is on time", () => {
    expect(urgencies([{ key: "a", stage: "to_cut", due: today, ledMetres: 1 }], today, 25).get("a")).toBe(
      "at_risk",
    );
    expect(
      urgencies([{ key: "a", stage: "to_cut", due: "2026-11-03", ledMetres: 1 }], today, 25).get("a"),
    ).toBe("on_time");
  });
});

describe("the load", () => {
  it("counts the metres not yet ready to pack, and whole days of them", () => {
    const lines = [
      { stage: "to_cut" as const, ledMetres: 30 },
      { stage: "testing" as const, ledMetres: 24.5 },
      { stage: "ready_to_pack" as const, ledMetres: 100 },
    ];
    expect(boardLoad(lines, 25)).toEqual({ waitingMetres: 54.5, extraDays: 2 });
    expect(boardLoad(lines, 60)).toEqual({ waitingMetres: 54.5, extraDays: 0 });
  });
});

describe("a line in words", () => {
  it("a custom sign: its text, font, colour and size", () => {
    expect(
      customLineText({
        customText: "Good\nVibes",
        fontStyle: "orbitron",
        neonColor: "pink",
        size: "M",
        hasDimmer: true,
        quantity: 2,
      }),
    ).toEqual({ title: "“Good / Vibes”", details: "Orbitron · Hot Pink · Medium (50cm) · dimmer · 2 signs" });
  });
  it("a logo sign, and a made-to-order product", () => {
    expect(
      customLineText({
        customText: "Logo (quote Q-1A2B)",
        fontStyle: "Logo artwork",
        neonColor: "x",
        size: "L",
        hasDimmer: false,
        quantity: 1,
        quoteId: "q",
      }).details,
    ).toBe("Logo artwork · Large (70cm)");
    expect(
      productLineText({
        productName: "Good Vibes Neon",
        productConfig: { size: "M", color: "Blue" },
        madeToOrder: 2,
      }),
    ).toEqual({
      title: "Good Vibes Neon",
      details: "Medium (1ft x 1ft) · Blue · 2 made to order",
    });
  });
});
