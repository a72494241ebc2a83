import { describe, expect, it } from "vitest";
import { dueReminder, rememberSchema } from "./recovery";
import { linesToSave, savedToCartItems } from "~/features/cart/saved-lines";
import type { CartItem } from "~/features/cart/cart";

const H = 3_600_000;
const t0 = new Date("2026-11-20T10:00:00Z");
const at = (hours: number) => new Date(t0.getTime() + hours * H);
const timing = { firstAfterHours: 1, secondAfterHours: 24 };

describe("dueReminder", () => {
  it("the first after its delay, the second after its own and never a third", () => {
    const fresh = { updatedAt: t0, firstSentAt: null, secondSentAt: null };
    expect(dueReminder(fresh, timing, at(0.9))).toBeNull();
    expect(dueReminder(fresh, timing, at(1))).toBe(1);
    const once = { ...fresh, firstSentAt: at(1) };
    expect(dueReminder(once, timing, at(23.9))).toBeNull();
    expect(dueReminder(once, timing, at(24))).toBe(2);
    expect(dueReminder({ ...once, secondSentAt: at(24) }, timing, at(500))).toBeNull();
  });

  it("a sweep that was down does not send both at once: the second waits the gap after the first", () => {
    const late = { updatedAt: t0, firstSentAt: at(30), secondSentAt: null };
    expect(dueReminder(late, timing, at(31))).toBeNull();
    expect(dueReminder(late, timing, at(53))).toBe(2);
  });
});

const custom: CartItem = {
  id: "custom-1",
  name: 'Custom Neon: "Hi"',
  price: 5_000,
  image: "data:image/jpeg;base64,AAAA",
  quantity: 1,
  type: "custom",
  customConfig: {
    text: "Hi",
    font: "pacifico",
    color: "pink",
    size: "M",
    hasDimmer: false,
    backingShape: "cut-to-shape",
    previewImageUrl: "data:image/jpeg;base64,AAAA",
    wallPhotoUrl: "data:image/jpeg;base64,BBBB",
  },
};

describe("saved lines", () => {
  it("keep a custom line's design and preview once, drop the wall photo, and come back as cart lines", () => {
    const saved = linesToSave([custom]);
    expect(saved[0]).not.toHaveProperty("image");
    expect(saved[0]!.customConfig).not.toHaveProperty("wallPhotoUrl");
    const { wallPhotoUrl: _w, ...design } = custom.customConfig!;
    expect(savedToCartItems(saved)).toEqual([{ ...custom, customConfig: design }]);
  });

  it("a product line without a photo of its colour saves no picture, and comes back without one", () => {
    const white: CartItem = {
      id: "p-M-White-0-1",
      name: "Good Vibes Only Neon Sign",
      price: 2499,
      image: "",
      quantity: 1,
      type: "product",
      productConfig: {
        size: "M",
        color: "White",
        brightnessController: false,
        productType: "Standard",
        originalProductId: "p",
      },
    };
    const saved = linesToSave([white]);
    expect(saved[0]).not.toHaveProperty("image");
    expect(
      rememberSchema.safeParse({
        intent: "save",
        key: "k".repeat(43),
        consent: true,
        email: "a@b.in",
        lines: saved,
      }).success,
    ).toBe(true);
    expect(savedToCartItems(saved)).toEqual([white]);
  });

  it("the save's schema takes them, and refuses unknown fields and a missing consent", () => {
    const body = {
      intent: "save",
      key: "k".repeat(43),
      consent: true,
      email: "a@b.in",
      lines: linesToSave([custom]),
    };
    expect(rememberSchema.safeParse(body).success).toBe(true);
    expect(rememberSchema.safeParse({ ...body, consent: false }).success).toBe(false);
    expect(rememberSchema.safeParse({ ...body, role: "admin" }).success).toBe(false);
    expect(
      rememberSchema.safeParse({ ...body, lines: linesToSave([custom]).map((l) => ({ ...l, x: 1 })) })
        .success,
    ).toBe(false);
  });
});
