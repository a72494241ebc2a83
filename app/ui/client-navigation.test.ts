import { describe, expect, it } from "vitest";
import { clientLink, inAppDestination } from "./client-navigation";

const origin = "https://shop.example";
const click = (over: Partial<Parameters<typeof inAppDestination>[0]> = {}) => ({
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  ...over,
});
const anchor = (href: string, attrs: { target?: string; download?: boolean } = {}) => ({
  href,
  target: attrs.target ?? "",
  hasAttribute: (name: string) => name === "download" && Boolean(attrs.download),
});

describe("client links", () => {
  it("are plain links React Router discovers ahead of the click", () => {
    expect(clientLink("/products/p1")).toEqual({
      href: "/products/p1",
      "data-discover": "true",
      "data-client-nav": "",
    });
  });

  it("navigate in the app on a plain left click, keeping the query and the hash", () => {
    expect(inAppDestination(click(), anchor(`${origin}/products/p1?size=L#faq`), origin)).toBe(
      "/products/p1?size=L#faq",
    );
    expect(inAppDestination(click(), anchor("/products/p1"), origin)).toBe("/products/p1");
    expect(inAppDestination(click(), anchor("/x", { target: "_self" }), origin)).toBe("/x");
  });

  it("leave new tabs, new windows, downloads and other handlers' clicks to the browser", () => {
    const a = anchor("/products/p1");
    for (const over of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ]) {
      expect(inAppDestination(click(over), a, origin)).toBeNull();
    }
    expect(inAppDestination(click(), anchor("/p", { target: "_blank" }), origin)).toBeNull();
    expect(inAppDestination(click(), anchor("/p", { download: true }), origin)).toBeNull();
  });

  it("never navigate in the app to another site", () => {
    expect(inAppDestination(click(), anchor("https://evil.example/products/p1"), origin)).toBeNull();
    expect(inAppDestination(click(), anchor("//evil.example/x"), origin)).toBeNull();
    expect(inAppDestination(click(), anchor("http://[bad"), origin)).toBeNull();
  });
});
