import { describe, expect, it } from "vitest";
import { describeCustomSign, describeProductConfig, lineSummary } from "./line-description";

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

describe("custom signs and one-line summaries", () => {
  const sign = { font: "orbitron", color: "pink", size: "M", hasDimmer: true, backingShape: "rectangle" };

  it("describes a custom sign's choices by name", () => {
    expect(describeCustomSign(sign)).toEqual([
      { label: "Font", value: "Orbitron" },
      { label: "Colour", value: "Hot Pink" },
      { label: "Size", value: "Medium (50cm)" },
      { label: "Dimmer", value: "Yes" },
      { label: "Backing", value: "Rectangle" },
    ]);
    // Unknown ids show as they are; an older cart's hex colour shows its name.
    const odd = describeCustomSign({ ...sign, font: "gone", color: "#ff1493", hasDimmer: false });
    expect(odd.map((f) => f.value)).toEqual(["gone", "Hot Pink", "Medium (50cm)", "No", "Rectangle"]);
  });

  it("summarises on one line: yes facts by name, no facts left out", () => {
    expect(lineSummary(describeCustomSign(sign))).toBe(
      "Font: Orbitron · Colour: Hot Pink · Size: Medium (50cm) · Dimmer · Backing: Rectangle",
    );
    expect(
      lineSummary(describeProductConfig({ size: "L", color: "Pink", brightnessController: false }), ", "),
    ).toBe("Size: Large (1.5ft x 1.5ft), Colour: Pink, Type: Standard");
  });
});
