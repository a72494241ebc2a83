import { describe, expect, it } from "vitest";
import { documentUrl } from "./shiprocket.server";

describe("Shiprocket's document links", () => {
  it("keeps http(s) addresses and drops anything else (they become links in the admin)", () => {
    expect(documentUrl("https://kr-shipmultichannel.s3.amazonaws.com/label-1.pdf")).toBe(
      "https://kr-shipmultichannel.s3.amazonaws.com/label-1.pdf",
    );
    expect(documentUrl("http://127.0.0.1:4000/files/manifest-1-2.pdf")).toContain("/files/manifest-1-2.pdf");
    for (const bad of ["javascript:alert(1)", "data:text/html,<b>x</b>", "//evil.test/x", "", 42, null])
      expect(documentUrl(bad)).toBeNull();
    expect(documentUrl(`https://x.test/${"a".repeat(2_100)}`)).toBeNull();
  });
});
