import { describe, expect, it } from "vitest";
import { toastPosition, TOAST_TOP_PX } from "./toast-placement";

const at = (top: number, bottom: number, left = 16, right = 374) => ({ top, bottom, left, right });

describe("a toast's place (issue 42)", () => {
  it("a phone's toast goes at the top, clear of a control lower down and of the bars at the bottom", () => {
    expect(toastPosition(390, 844, null)).toBe("top-center");
    // Place Order at the foot of the checkout, a field in the middle of the screen.
    expect(toastPosition(390, 844, at(780, 824))).toBe("top-center");
    expect(toastPosition(390, 844, at(400, 440))).toBe("top-center");
  });

  it("on a phone, at the bottom when the control in use is up where the toast would be", () => {
    // The customiser's Download Preview, on its card under the header.
    expect(toastPosition(390, 844, at(TOAST_TOP_PX + 60, TOAST_TOP_PX + 96))).toBe("bottom-center");
    // Scrolled out of view above: the top is free.
    expect(toastPosition(390, 844, at(-80, -40))).toBe("top-center");
  });

  it("wide screens keep the toaster's place (bottom right) unless the control in use is there", () => {
    expect(toastPosition(1280, 900, null)).toBeUndefined();
    // A field on the left, a button at the top right.
    expect(toastPosition(1280, 900, at(820, 860, 40, 400))).toBeUndefined();
    expect(toastPosition(1280, 900, at(100, 140, 900, 1240))).toBeUndefined();
    // ADD TO CART at the foot of the right-hand column: top right, under the header.
    expect(toastPosition(1280, 900, at(820, 864, 660, 1264))).toBe("top-right");
  });
});
