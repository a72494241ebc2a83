import { describe, expect, it } from "vitest";
import { checkoutFormSchema } from "./checkout";
import { cleanSearchText, hasControlCharacters } from "./text";

describe("control characters", () => {
  it("are found, while tabs, line breaks and emoji are fine", () => {
    expect(hasControlCharacters("a\u0000b")).toBe(true);
    expect(hasControlCharacters("bell\u0007")).toBe(true);
    expect(hasControlCharacters("line\nbreak\tand ✨")).toBe(false);
  });
  it("are refused in checkout fields with a clear message (PostgreSQL cannot store NUL)", () => {
    const r = checkoutFormSchema.safeParse({
      name: "Asha\u0000",
      phone: "9876543210",
      email: "a@example.in",
      address1: "1 Road",
      city: "Pune",
      state: "maharashtra",
      pincode: "411001",
      paymentMethod: "cod",
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ["name"],
      message: "Please remove unusual characters.",
    });
  });
});

describe("cleanSearchText", () => {
  it("removes control characters and broken UTF-16, keeps everything else", () => {
    expect(cleanSearchText("neon\u0000 sign\u001f")).toBe("neon sign");
    expect(cleanSearchText("caf\u00e9 \ud83d\ude00")).toBe("caf\u00e9 \ud83d\ude00");
    expect(cleanSearchText("a\ud800b\udc00c")).toBe("abc");
    expect(cleanSearchText("line\nbreak\ttab")).toBe("line\nbreak\ttab");
  });
});
