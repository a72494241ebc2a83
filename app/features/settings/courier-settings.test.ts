import { describe, expect, it } from "vitest";
import {
  courierSettingsSchema,
  defaultCourierSettings,
  indianPhone,
  PICKUP_LOCATION_MESSAGE,
  PICKUP_PHONE_MESSAGE,
  PICKUP_STATE_MESSAGE,
  PREFERRED_COURIERS_MESSAGE,
  stateDeliveryOf,
} from "./courier-settings";
import { flattenValues, nestValues } from "./shop-settings";
import { fieldErrorsOf } from "~/shared/form-errors";

const defaults = defaultCourierSettings({
  name: "NeonLights",
  phone: "+91 98765 43210",
  whatsapp: "919876543210",
  address: "Plot 4, Industrial Area, Badaun",
});
const form = (changes: Record<string, string>) => ({ ...flattenValues(defaults), ...changes });
const errorsOf = (values: Record<string, string>) => {
  const r = courierSettingsSchema.safeParse(nestValues(values));
  return r.success ? {} : fieldErrorsOf(r.error);
};

describe("courier settings", () => {
  it("the defaults pass their own check, stored and as the form posts them", () => {
    expect(courierSettingsSchema.parse(defaults)).toEqual(defaults);
    expect(courierSettingsSchema.parse(nestValues(flattenValues(defaults)))).toEqual(defaults);
    expect(defaults).toMatchObject({ pickupLocation: "Primary", prefer: "cheapest", preferredCouriers: [] });
    expect(defaults.pickup.phone).toBe("9876543210");
  });

  it("reads a phone with +91, a weight with a decimal comma and the preferred couriers as a list", () => {
    const parsed = courierSettingsSchema.parse(
      nestValues(
        form({
          "pickup.phone": "+91 91234-56789",
          "boxes.custom.XL.weightKg": "3,25",
          preferredCouriers: "Delhivery, 43;  delhivery , Blue Dart",
          prefer: "fastest",
        }),
      ),
    );
    expect(parsed.pickup.phone).toBe("9123456789");
    expect(parsed.boxes.custom.XL.weightKg).toBe(3.25);
    expect(parsed.preferredCouriers).toEqual(["Delhivery", "43", "Blue Dart"]);
    expect(parsed.prefer).toBe("fastest");
  });

  it("refuses a landline or short phone, a state not on the list, a bad nickname, boxes out of range", () => {
    expect(
      errorsOf(
        form({
          "pickup.phone": "0581 2345678",
          "pickup.state": "atlantis",
          "pickup.address1": "",
          pickupLocation: "Ware/house; drop table",
          "boxes.ready.M.lengthCm": "40.5",
          "boxes.ready.M.weightKg": "0",
          "boxes.custom.S.heightCm": "",
          preferredCouriers: "<script>",
          prefer: "slowest",
        }),
      ),
    ).toEqual({
      "pickup.phone": PICKUP_PHONE_MESSAGE,
      "pickup.state": PICKUP_STATE_MESSAGE,
      "pickup.address1": "Pickup address line 1 is required",
      pickupLocation: PICKUP_LOCATION_MESSAGE,
      "boxes.ready.M.lengthCm": "Ready-made Medium: length must be a whole number of cm",
      "boxes.ready.M.weightKg": "Ready-made Medium: weight must be between 0.05 and 100 kg",
      "boxes.custom.S.heightCm": "Custom Small: height is required",
      preferredCouriers: PREFERRED_COURIERS_MESSAGE,
      prefer: "Choose the cheapest or the fastest courier",
    });
    expect(errorsOf(form({ "pickup.address1": "x".repeat(81) }))).toHaveProperty("pickup.address1");
    expect(errorsOf(form({ pickupLocation: "x".repeat(37) }))).toHaveProperty("pickupLocation");
  });

  it("indianPhone takes mobile numbers only", () => {
    expect(indianPhone("09876543210")).toBe("9876543210");
    expect(indianPhone("919876543210")).toBe("9876543210");
    expect(indianPhone("+1 415 555 0100")).toBeNull();
    expect(indianPhone("5876543210")).toBeNull();
  });

  it("delivery by state (issue 42): every state at no extra days with COD, set per state, older settings too", () => {
    expect(Object.keys(defaults.byState)).toHaveLength(36);
    expect(defaults.byState.ladakh).toEqual({ extraDays: 0, cod: "yes" });
    const parsed = courierSettingsSchema.parse(
      nestValues(
        form({ "byState.ladakh.extraDays": "4", "byState.ladakh.cod": "no", "byState.goa.extraDays": "" }),
      ),
    );
    expect(parsed.byState.ladakh).toEqual({ extraDays: 4, cod: "no" });
    expect(parsed.byState.goa).toEqual({ extraDays: 0, cod: "yes" });
    expect(stateDeliveryOf(parsed.byState, "ladakh")).toEqual({ extraDays: 4, cod: false });
    expect(stateDeliveryOf(parsed.byState, "atlantis")).toEqual({ extraDays: 0, cod: true });
    // Settings saved before it: the defaults.
    const { byState: _old, ...before } = defaults;
    expect(courierSettingsSchema.parse(before).byState).toEqual(defaults.byState);
    expect(errorsOf(form({ "byState.kerala.extraDays": "31", "byState.goa.cod": "maybe" }))).toEqual({
      "byState.kerala.extraDays": "Kerala: extra days must be at most 30",
      "byState.goa.cod": "Choose yes or no",
    });
  });
});
