import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("CSV cells", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rhere", '"cr\rhere"'],
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+91 98765", "'+91 98765"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\tTab", "'\tTab"],
    ["\rCR", '"\'\rCR"'],
    ["  =1+1", "'  =1+1"],
    [" padded ", '" padded "'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ["", ""],
  ])("%j → %j", (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it("writes numbers, booleans and empty values", () => {
    expect(csvRow([1299, true, false, null, undefined, "x"])).toBe("1299,Yes,No,,,x\r\n");
  });
});
