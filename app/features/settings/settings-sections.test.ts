import { describe, expect, it } from "vitest";
import { shopSettingsSchema } from "./shop-settings";
import {
  groupValues,
  ownedValues,
  SETTINGS_SECTIONS,
  sectionFormErrors,
  sectionOfField,
  settingsFieldHref,
} from "./settings-sections";

describe("the settings' sections", () => {
  it("every setting belongs to exactly one section", () => {
    for (const group of Object.keys(shopSettingsSchema.shape))
      expect(sectionOfField(`${group}.anything`), group).not.toBeNull();
    const slugs = SETTINGS_SECTIONS.map((s) => s.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("a field belongs to the section with its longest prefix: the pickup PIN code is the courier's", () => {
    expect(sectionOfField("shipping.pickupPincode")).toBe("courier");
    expect(sectionOfField("shipping.pickupPincodeX")).toBe("shipping");
    expect(sectionOfField("shipping.standardFee")).toBe("shipping");
    expect(sectionOfField("courier.boxes.ready.small.weightKg")).toBe("courier");
    expect(sectionOfField("quotes.replyHours")).toBe("store");
    expect(sectionOfField("version")).toBeNull();
    expect(sectionOfField("intent")).toBeNull();
  });

  it("a section's values are its own fields; its base is every field of the settings they sit in", () => {
    const values = {
      "shipping.standardFee": "299",
      "shipping.pickupPincode": "243601",
      "courier.pickupLocation": "Home",
      "store.name": "Glow",
      version: "x",
    };
    expect(ownedValues("courier", values)).toEqual({
      "shipping.pickupPincode": "243601",
      "courier.pickupLocation": "Home",
    });
    expect(ownedValues("shipping", values)).toEqual({ "shipping.standardFee": "299" });
    expect(groupValues("courier", values)).toEqual({
      "shipping.standardFee": "299",
      "shipping.pickupPincode": "243601",
      "courier.pickupLocation": "Home",
    });
  });

  it("a section form's check names only its own fields", () => {
    const check = sectionFormErrors("store", {});
    const errors = check({ "store.name": "", "store.email": "nobody@", "legal.gstin": "bad" });
    expect(errors["store.email"]).toBe("Store email must be a valid email address");
    expect(errors["store.name"]).toBe("Store name is required");
    expect(Object.keys(errors).every((k) => sectionOfField(k) === "store")).toBe(true);
  });

  it("links a setting to its section's page, at its field", () => {
    expect(settingsFieldHref("legal.gstin")).toBe("/admin/settings/legal#settings-legal-gstin");
    expect(settingsFieldHref("shipping.pickupPincode")).toBe(
      "/admin/settings/courier#settings-shipping-pickupPincode",
    );
  });
});
