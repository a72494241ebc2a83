import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 19: error texts (field errors on the page and on cards) and red error toasts (dark text, the
// description included, on the error red) meet WCAG AA 4.5:1, computed from the theme in app/app.css.
// Toasts appear briefly, so the browser check (tests/e2e/contrast.spec.ts) does not always catch them.

const css = fs.readFileSync(path.join(__dirname, "../../app/app.css"), "utf8");
const token = (name: string) => {
  const m = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, "i").exec(css);
  if (!m) throw new Error(`--color-${name} not found`);
  return m[1]!;
};
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe("error colours", () => {
  it("computes the WCAG ratio (white on black is 21:1)", () => {
    expect(contrast("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrast("#c81e3a", "#0b0b14")).toBeLessThan(4.5); // the old error red failed
  });
  it.each([
    ["error text on the page", "destructive", "background"],
    ["error text on a card", "destructive", "card"],
    ["error text on a popover", "destructive", "popover"],
    ["toast text on the error red", "destructive-foreground", "destructive"],
  ])("%s is at least 4.5:1", (_, fg, bg) => {
    expect(contrast(token(fg), token(bg))).toBeGreaterThanOrEqual(4.5);
  });
  it("the error toast's description takes the toast's text colour, not the muted grey", () => {
    const sonner = fs.readFileSync(path.join(__dirname, "../../app/ui/sonner.tsx"), "utf8");
    expect(sonner).toMatch(/error:[^,]*\[&_\[data-description\]\]:!text-destructive-foreground/);
  });
});
