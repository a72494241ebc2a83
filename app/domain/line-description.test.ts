import { describe, expect, it } from "vitest";
import { describeProductConfig } from "./line-description";

describe("configurations in words", () => {
  it("describes a product configuration from an object or a JSON string", () => {
    const words = {
      Size: "Medium (1ft x 1ft)",
      Colour: "Blue",
      "Brightness controller": "Yes",
      Type: "Standard",
    };
    const cfg = { size: "M", color: "Blue", brightnessController: true, productType: "Standard" };
    const asMap = (l: { label: string; value: string }[]) =>
      Object.fromEntries(l.map((x) => [x.label, x.value]));
    expect(asMap(describeProductConfig(cfg))).toEqual(words);
    expect(asMap(describeProductConfig(JSON.stringify(cfg)))).toEqual(words);
    expect(asMap(describeProductConfig("{not json"))["Size"]).toBe("Not given");
  });
});
