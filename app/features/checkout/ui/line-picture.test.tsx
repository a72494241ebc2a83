import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CartItem } from "~/features/cart/cart";
import { LinePicture, lineColorHex } from "./line-picture";

const line = (image: string, color = "White"): CartItem => ({
  id: `p-M-${color}-0-1`,
  name: "Good Vibes Only Neon Sign",
  price: 2499,
  image,
  quantity: 1,
  type: "product",
  productConfig: {
    size: "M",
    color,
    brightnessController: false,
    productType: "Standard",
    originalProductId: "p",
  },
});

describe("a cart line's picture (issue 42)", () => {
  it("is the line's photo when it has one", () => {
    const html = renderToString(<LinePicture item={line("/uploads/white-320.webp")} px={64} />);
    expect(html).toContain('src="/uploads/white-320.webp"');
    expect(html).not.toContain('role="img"');
  });

  it("is a swatch of the chosen colour when there is no photo of it", () => {
    const html = renderToString(<LinePicture item={line("")} px={64} />);
    expect(html).not.toContain("<img");
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="White (no photo in this colour)"');
    expect(html).toContain("background-color:#ffffff");
  });

  it("knows the colours by their product name and the customiser's id", () => {
    expect(lineColorHex("Pink")).toBe("#ff1493");
    expect(lineColorHex("pink")).toBe("#ff1493");
    expect(lineColorHex("Hot Pink")).toBe("#ff1493");
    expect(lineColorHex("Chartreuse")).toBeNull();
    expect(renderToString(<LinePicture item={line("", "Chartreuse")} px={64} />)).toContain(
      'src="/placeholder.svg"',
    );
  });
});
