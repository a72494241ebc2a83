import { describe, expect, it } from "vitest";
import { loader as designCheck } from "~/features/customizer/routes/api-design-check";
import { quoteCart } from "~/features/checkout/quote.server";
import { customLine } from "../support/cart-lines";
import { NO_ORDER_LIMITS, newClientIp, postCheckout } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

// Issue 44: "can we make it" decided on the fonts' measured letters, asked by the customiser before payment
// (GET /api/design-check) and run again at the quote and when the order is placed.

setupTestDatabase(NO_ORDER_LIMITS);

async function ask(query: Record<string, string> | string, ip = newClientIp()) {
  const search = typeof query === "string" ? query : new URLSearchParams(query).toString();
  const request = new Request(`http://shop.test/api/design-check?${search}`);
  const res = await designCheck({ request, params: {}, context: { clientIp: ip } } as never);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

describe("GET /api/design-check", () => {
  it("answers the measured checks, and says when the measurement overrules the estimate", async () => {
    const r = await ask({ text: "Let's Party Tonight", font: "orbitron", size: "M" });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(r.body).toMatchObject({
      ok: true,
      checks: [{ id: "letter-height", level: "borderline" }],
      estimateCm: 2,
      note: expect.stringContaining("The measurement decides."),
    });
    expect(r.body.letterCm).toBeGreaterThan(2.5);
    const clean = await ask({ text: "LOVE", font: "sans", size: "M" });
    expect(clean.body).toMatchObject({ ok: true, checks: [], note: null });
  }, 60_000);

  it("refuses what is not a design (400 in the design rules' words), a huge query (414) and a flood (429)", async () => {
    expect((await ask({ text: "Hi", font: "comic-sans", size: "M" })).body).toEqual({
      ok: false,
      message: "Please choose a font.",
    });
    expect((await ask({ text: "Hi", font: "orbitron", size: "XXL" })).status).toBe(400);
    expect((await ask({ text: "x".repeat(500), font: "orbitron", size: "M" })).status).toBe(400);
    expect((await ask(`text=${"x".repeat(3_000)}&font=orbitron&size=M`)).status).toBe(414);
    const ip = newClientIp();
    let last = 0;
    for (let i = 0; i < 125 && last !== 429; i++)
      last = (await ask({ text: `Flood ${i}`, font: "sans", size: "L" }, ip)).status;
    expect(last).toBe(429);
    // Another network is not held back by the flood.
    expect((await ask({ text: "LOVE", font: "sans", size: "M" })).status).toBe(200);
  }, 120_000);

  it("the quote and the order decide on the same measurement: a design the estimate would block is sold", async () => {
    const design = customLine("Let's Party Tonight", { size: "M", font: "orbitron" });
    const quote = await quoteCart({ items: [design], discountCode: undefined });
    expect(quote.lineErrors).toEqual([]);
    const placed = await postCheckout([design]);
    expect(placed.status).toBe(201);
    // An emoji the font cannot draw is refused at the quote, by name.
    const emoji = await quoteCart({ items: [customLine("Chai 🙂", { size: "L" })], discountCode: undefined });
    expect(emoji.lineErrors).toEqual([expect.stringContaining("has no letter for “🙂”")]);
  }, 120_000);
});
