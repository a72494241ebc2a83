import { describe, expect, it } from "vitest";
import { likeContains, likePrefix } from "~/shared/like-pattern";
import { searchTerms, uuidPrefixRange } from "./order-search";

describe("search terms", () => {
  it("reads a display id, a bare id prefix and a whole uuid", () => {
    expect(searchTerms("NL1A2B3C4D")?.idPrefix).toBe("1a2b3c4d");
    expect(searchTerms("1a2b")?.idPrefix).toBe("1a2b");
    expect(searchTerms("1A2B3C4D-5E6F-4A1B-8C2D-0123456789AB")).toEqual({
      uuid: "1a2b3c4d-5e6f-4a1b-8c2d-0123456789ab",
      nameWords: [],
    });
  });

  it("reads phone numbers with +91, 0 and spaces", () => {
    expect(searchTerms("+91 98765 43210")?.phoneDigits).toBe("9876543210");
    expect(searchTerms("09876543210")?.phoneDigits).toBe("9876543210");
    expect(searchTerms("98765")?.phoneDigits).toBe("98765");
    expect(searchTerms("abc")?.phoneDigits).toBeUndefined();
  });

  it("reads names and e-mails", () => {
    expect(searchTerms("Priya Sharma")).toEqual({ nameWords: ["priya", "sharma"] });
    expect(searchTerms("Priya@Example.com")).toMatchObject({ emailPrefix: "priya@example.com" });
    expect(searchTerms("  ")).toBeNull();
  });

  it("covers every uuid with the prefix", () => {
    expect(uuidPrefixRange("1a2b3c4d5")).toEqual([
      "1a2b3c4d-5000-0000-0000-000000000000",
      "1a2b3c4d-5fff-ffff-ffff-ffffffffffff",
    ]);
  });

  it("escapes LIKE wildcards", () => {
    expect(likePrefix("a_b%c\\")).toBe("a\\_b\\%c\\\\%");
    expect(likeContains("50%")).toBe("%50\\%%");
  });
});
