import { describe, expect, it } from "vitest";
import { gstinCheckCharacter, gstinProblem, normalizeGstin } from "./gstin";

describe("GSTIN", () => {
  it("accepts real GSTINs (format, state code and check character)", () => {
    for (const g of ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "07AAACR5055K1Z9", "33AAACH7409R1Z8"])
      expect(gstinProblem(g), g).toBeNull();
  });

  it("computes the check character with the mod-36 scheme", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinCheckCharacter("09ABCDE1234F1Z")).toBe("Y");
  });

  it("refuses a wrong check character, a wrong shape and an unknown state code", () => {
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe("checksum");
    expect(gstinProblem("27AAPFU0939F1Z")).toBe("format");
    expect(gstinProblem("27AAPFU0939F1XV")).toBe("format");
    expect(gstinProblem("27AAPF00939F1ZV")).toBe("format");
    expect(gstinProblem("27AAPFU0939F0ZV")).toBe("format");
    expect(gstinProblem("45AAPFU0939F1Z" + gstinCheckCharacter("45AAPFU0939F1Z"))).toBe("state");
    expect(gstinProblem("00AAPFU0939F1Z" + gstinCheckCharacter("00AAPFU0939F1Z"))).toBe("state");
  });

  it("reads a GSTIN typed with spaces or in lower case", () => {
    expect(normalizeGstin(" 27aapfu0939f1zv ")).toBe("27AAPFU0939F1ZV");
    expect(normalizeGstin("27 AAPFU 0939 F1ZV")).toBe("27AAPFU0939F1ZV");
  });
});
