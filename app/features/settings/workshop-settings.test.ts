import { describe, expect, it } from "vitest";
import { DEFAULT_WORKSHOP_SETTINGS, workshopSettingsSchema } from "./workshop-settings";
import { flattenValues } from "./shop-settings";
import { sectionFormErrors, sectionOfField } from "./settings-sections";

const form = (changes: Record<string, string> = {}) => ({
  ...flattenValues({ workshop: DEFAULT_WORKSHOP_SETTINGS }),
  ...changes,
});

describe("the workshop settings", () => {
  it("are the Workshop section's, one field per colour, thickness and size", () => {
    expect(sectionOfField("workshop.ledCostPerMetre.blue")).toBe("workshop");
    expect(sectionOfField("workshop.packingBySize.XL")).toBe("workshop");
    const names = Object.keys(form());
    for (const n of [
      "workshop.ledCostPerMetre.white",
      "workshop.ledCostPerMetre.default",
      "workshop.acrylicCostPerM2.8",
      "workshop.packingBySize.S",
      "workshop.readyMadeLedMetres.XL",
    ])
      expect(names).toContain(n);
  });

  it("names a bad value by its colour or size, and keeps the others' messages out", () => {
    const check = sectionFormErrors("workshop", {});
    const errors = check(
      form({
        "workshop.ledCostPerMetre.blue": "cheap",
        "workshop.packingBySize.XL": "-5",
        "workshop.readyMadeLedMetres.S": "500",
        "workshop.adaptorCosts": "24=300",
      }),
    );
    expect(errors).toEqual({
      "workshop.ledCostPerMetre.blue": "LED flex for Electric Blue (₹/m) must be a whole number",
      "workshop.packingBySize.XL": "Packing, Extra Large (₹) must be at least 0",
      "workshop.readyMadeLedMetres.S": "LED flex of a ready-made Small sign (m) must be at most 200",
      "workshop.adaptorCosts":
        "Adaptor costs: pairs of watts and rupees, separated by commas (e.g. 24:300, 36:380)",
    });
    expect(check(form())).toEqual({});
  });

  it("an empty field takes its default; an unknown key is dropped; settings saved before it get the defaults", () => {
    const parsed = workshopSettingsSchema.parse({
      ledCostPerMetre: { blue: "", red: "210", gold: "5" },
      packingBySize: { M: "230" },
    });
    expect(parsed.ledCostPerMetre).toEqual({ ...DEFAULT_WORKSHOP_SETTINGS.ledCostPerMetre, red: 210 });
    expect(parsed.packingBySize).toEqual({ ...DEFAULT_WORKSHOP_SETTINGS.packingBySize, M: 230 });
    expect(workshopSettingsSchema.parse({})).toEqual(DEFAULT_WORKSHOP_SETTINGS);
  });
});
