import { describe, expect, it } from "vitest";
import { discountCodeFormSchema } from "./discount-code-form";
import {
  allocate,
  applyCode,
  CODE_PATTERN,
  codeRefusal,
  discountAmount,
  generateDiscountCode,
  type DiscountableLine,
  type DiscountCode,
} from "./discounts";

const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  id: "c1",
  code: "FESTIVE20",
  kind: "percent",
  value: 20,
  minSubtotal: 0,
  appliesTo: "all",
  startsOn: null,
  endsOn: null,
  maxUses: null,
  maxUsesPerShopper: null,
  isActive: true,
  ...over,
});

const lines: DiscountableLine[] = [
  { key: "p1", kind: "product", amount: 2499 },
  { key: "c1", kind: "custom", amount: 2999 },
];
const refusalText = (...args: Parameters<typeof codeRefusal>) => codeRefusal(...args)?.message ?? null;

const ctx = (over: Partial<Parameters<typeof codeRefusal>[1]> = {}) => ({
  typed: "festive20",
  today: "2025-09-10",
  usage: { total: 0, byShopper: 0 },
  lines,
  ...over,
});

describe("discount code refusals", () => {
  it("accepts a valid code", () => {
    expect(refusalText(code(), ctx())).toBeNull();
  });

  it("refuses unknown and switched-off codes alike", () => {
    const msg =
      '"festive20" is not a valid discount code, or it can no longer be used. Please check the spelling.';
    expect(refusalText(undefined, ctx())).toBe(msg);
    expect(refusalText(code({ isActive: false }), ctx())).toBe(msg);
  });

  it("refuses a code before its first day and after its last, and accepts both days themselves", () => {
    const c = code({ startsOn: "2025-09-10", endsOn: "2025-09-30" });
    expect(refusalText(c, ctx({ today: "2025-09-09" }))).toBe(
      "The code FESTIVE20 is not valid yet: it can be used from 10 Sept 2025.",
    );
    expect(refusalText(c, ctx({ today: "2025-09-10" }))).toBeNull();
    expect(refusalText(c, ctx({ today: "2025-09-30" }))).toBeNull();
    expect(refusalText(c, ctx({ today: "2025-10-01" }))).toBe("The code FESTIVE20 expired on 30 Sept 2025.");
  });

  it("refuses a used-up code and a shopper who used it as often as allowed with the unknown code's answer", () => {
    // A stranger must not learn that a code exists but is used up, or that some phone has used it.
    const msg =
      '"festive20" is not a valid discount code, or it can no longer be used. Please check the spelling.';
    const refusals = [
      codeRefusal(undefined, ctx()),
      codeRefusal(code({ isActive: false }), ctx()),
      codeRefusal(code({ maxUses: 10 }), ctx({ usage: { total: 10, byShopper: 0 } })),
      codeRefusal(code({ maxUsesPerShopper: 1 }), ctx({ usage: { total: 3, byShopper: 1 } })),
      codeRefusal(code({ maxUsesPerShopper: 2 }), ctx({ usage: { total: 3, byShopper: 2 } })),
    ];
    for (const r of refusals) expect(r).toEqual({ message: msg, miss: true });
    expect(refusalText(code({ maxUses: 10 }), ctx({ usage: { total: 9, byShopper: 0 } }))).toBeNull();
  });

  it("does not count a right code whose conditions are unmet as a wrong guess", () => {
    expect(codeRefusal(code({ minSubtotal: 6000 }), ctx())?.miss).toBe(false);
    expect(codeRefusal(code({ endsOn: "2025-01-01" }), ctx({ today: "2025-10-01" }))?.miss).toBe(false);
  });

  it("generates codes nobody can guess: NEON- and 10 characters without look-alikes, evenly drawn", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const c = generateDiscountCode();
      expect(c).toMatch(/^NEON-[A-HJKMNP-Z2-9]{10}$/);
      expect(CODE_PATTERN.test(c)).toBe(true);
      seen.add(c);
    }
    expect(seen.size).toBe(2000);
    // Bytes 248-255 would favour the first 8 characters: they are dropped.
    let calls = 0;
    const biased = (b: Uint8Array) => {
      b.fill(calls++ === 0 ? 250 : 0);
      return b;
    };
    expect(generateDiscountCode(biased)).toBe("NEON-AAAAAAAAAA");
  });

  it("refuses below the minimum (of the items it applies to) and says how much is missing", () => {
    expect(refusalText(code({ minSubtotal: 6000 }), ctx())).toBe(
      "The code FESTIVE20 needs an order of ₹6,000 or more: add ₹502 more to use it.",
    );
    expect(refusalText(code({ minSubtotal: 5498 }), ctx())).toBeNull();
    expect(refusalText(code({ appliesTo: "custom", minSubtotal: 3000 }), ctx())).toBe(
      "The code FESTIVE20 needs custom signs of ₹3,000 or more: add ₹1 more to use it.",
    );
    expect(
      refusalText(
        code({ appliesTo: "custom" }),
        ctx({ lines: [{ key: "p", kind: "product", amount: 9999 }] }),
      ),
    ).toBe("The code FESTIVE20 applies to custom signs only.");
  });
});

describe("discount amounts", () => {
  it("rounds percentages to whole rupees and never takes off more than the goods", () => {
    expect(discountAmount({ kind: "percent", value: 20 }, 2999)).toBe(600); // 599.8
    expect(discountAmount({ kind: "percent", value: 15 }, 2999)).toBe(450); // 449.85
    expect(discountAmount({ kind: "percent", value: 100 }, 2999)).toBe(2999);
    expect(discountAmount({ kind: "fixed", value: 500 }, 2999)).toBe(500);
    expect(discountAmount({ kind: "fixed", value: 5000 }, 2999)).toBe(2999);
    expect(discountAmount({ kind: "fixed", value: 500 }, 0)).toBe(0);
  });

  it("applies only to the kind of signs chosen, shared in whole rupees that add up", () => {
    const custom = applyCode(code({ appliesTo: "custom" }), lines);
    expect(custom.amount).toBe(600);
    expect(Object.fromEntries(custom.byLine)).toEqual({ c1: 600 });
    const all = applyCode(code(), lines);
    expect(all.amount).toBe(Math.round(5498 * 0.2));
    expect([...all.byLine.values()].reduce((a, b) => a + b, 0)).toBe(all.amount);
    expect(all.byLine.get("p1")! <= 2499 && all.byLine.get("c1")! <= 2999).toBe(true);
  });

  it("allocates exactly, never more than a line's own amount", () => {
    const parts = allocate(100, [
      { key: "a", amount: 1 },
      { key: "b", amount: 1 },
      { key: "c", amount: 1 },
    ]);
    expect([...parts.values()]).toEqual([1, 1, 1]);
    const split = allocate(10, [
      { key: "a", amount: 1 },
      { key: "b", amount: 2 },
    ]);
    expect([...split.values()].reduce((a, b) => a + b, 0)).toBe(3);
    const thirds = allocate(100, [
      { key: "a", amount: 300 },
      { key: "b", amount: 300 },
      { key: "c", amount: 300 },
    ]);
    expect([...thirds.values()].sort()).toEqual([33, 33, 34]);
  });
});

describe("the admin's code form", () => {
  const valid = {
    code: " festive 20 ",
    kind: "percent",
    value: "20",
    appliesTo: "all",
    minSubtotal: "",
    startsOn: "2025-09-01",
    endsOn: "2025-09-30",
    maxUses: "10",
    maxUsesPerShopper: "1",
    isActive: "on",
  };
  it("reads a valid form", () => {
    expect(discountCodeFormSchema.parse(valid)).toMatchObject({
      code: "FESTIVE20",
      value: 20,
      minSubtotal: 0,
      maxUses: 10,
      isActive: true,
    });
  });
  it("refuses a percentage above 100, an end before the start and a bad code", () => {
    const r = discountCodeFormSchema.safeParse({ ...valid, value: "120", endsOn: "2025-08-01", code: "x" });
    expect(r.success).toBe(false);
    const msgs = r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(msgs).toContain("code: Use 3 to 30 letters, digits, - or _ (for example FESTIVE20)");
    const r2 = discountCodeFormSchema.safeParse({ ...valid, value: "120", endsOn: "2025-08-01" });
    expect(r2.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
      "value: A percentage must be from 1 to 100",
      "endsOn: The last day must not be before the first day",
    ]);
  });
});
