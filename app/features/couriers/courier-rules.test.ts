import { describe, expect, it } from "vitest";
import {
  chooseCourier,
  namesCourier,
  parcelFor,
  pickCourier,
  pinDelivery,
  shiprocketStage,
  tracksTo,
  type CourierOption,
} from "./courier-rules";
import { DEFAULT_BOXES } from "~/features/settings/courier-settings";

const CHEAPEST = { prefer: "cheapest", preferredCouriers: [] } as const;
const FASTEST = { prefer: "fastest", preferredCouriers: [] } as const;

const delhivery: CourierOption = {
  courierId: 43,
  name: "Delhivery Surface",
  rate: 54,
  transitDays: 4,
  cod: true,
};
const bluedart: CourierOption = { courierId: 1, name: "Blue Dart", rate: 120, transitDays: 2, cod: false };
const ecom: CourierOption = { courierId: 19, name: "Ecom Express", rate: 54, transitDays: 6, cod: true };

describe("picking a courier", () => {
  it("takes the cheapest (ties: the faster) or the fastest (ties: the cheaper)", () => {
    expect(pickCourier([ecom, bluedart, delhivery], "cheapest")).toBe(delhivery);
    expect(pickCourier([ecom, bluedart, delhivery], "fastest")).toBe(bluedart);
  });

  it("takes only a courier that collects cash for a COD order, and none from an empty list", () => {
    expect(pickCourier([bluedart, ecom], "fastest", { cod: true })).toBe(ecom);
    expect(pickCourier([bluedart], "cheapest", { cod: true })).toBeNull();
    expect(pickCourier([], "cheapest")).toBeNull();
  });
});

describe("the shop's courier policy", () => {
  const delhiveryAir: CourierOption = {
    ...delhivery,
    courierId: 44,
    name: "Delhivery Air",
    rate: 90,
    transitDays: 2,
  };
  it("a preferred courier wins when it serves, first in the owner's order; else cheapest or fastest", () => {
    const all = [ecom, bluedart, delhivery, delhiveryAir];
    expect(chooseCourier(all, { prefer: "cheapest", preferredCouriers: ["Blue Dart", "delhivery"] })).toBe(
      bluedart,
    );
    // Of several Delhivery services, the preference decides.
    expect(chooseCourier(all, { prefer: "cheapest", preferredCouriers: ["Delhivery"] })).toBe(delhivery);
    expect(chooseCourier(all, { prefer: "fastest", preferredCouriers: ["Delhivery"] })).toBe(delhiveryAir);
    // By id; and an id or name that serves nothing here falls through to the preference.
    expect(chooseCourier(all, { prefer: "cheapest", preferredCouriers: ["19"] })).toBe(ecom);
    expect(chooseCourier(all, { prefer: "fastest", preferredCouriers: ["Xpressbees", "7"] })).toBe(
      delhiveryAir,
    );
  });

  it("a preferred courier that collects no cash is passed over for a COD parcel", () => {
    expect(
      chooseCourier(
        [bluedart, delhivery],
        { prefer: "cheapest", preferredCouriers: ["Blue Dart"] },
        { cod: true },
      ),
    ).toBe(delhivery);
  });

  it("names a courier by its id or by whole words of its name", () => {
    expect(namesCourier("43", delhivery)).toBe(true);
    expect(namesCourier("4", delhivery)).toBe(false);
    expect(namesCourier("delhivery surface", delhivery)).toBe(true);
    expect(namesCourier("Delhi", delhivery)).toBe(false);
    expect(namesCourier("bluedart", bluedart)).toBe(false);
  });
});

describe("the parcel of an order", () => {
  it("is the box of the largest sign and the weight of every unit", () => {
    expect(
      parcelFor(
        [
          { kind: "ready", size: "S", units: 3 },
          { kind: "ready", size: "L", units: 1 },
        ],
        DEFAULT_BOXES,
      ),
    ).toEqual({ lengthCm: 56, breadthCm: 56, heightCm: 10, weightKg: 3.6 });
    expect(parcelFor([{ kind: "custom", size: "XL", units: 2 }], DEFAULT_BOXES)).toEqual({
      lengthCm: 110,
      breadthCm: 55,
      heightCm: 12,
      weightKg: 6.4,
    });
  });

  it("counts an unknown size as Medium, and an order without lines as one Medium sign", () => {
    expect(parcelFor([{ kind: "ready", size: "XXL", units: 1 }], DEFAULT_BOXES)).toEqual(
      DEFAULT_BOXES.ready.M,
    );
    expect(parcelFor([], DEFAULT_BOXES)).toEqual(DEFAULT_BOXES.ready.M);
  });
});

describe("the delivery days for a PIN", () => {
  it("counts production days, then the fastest and the default courier's transit days", () => {
    // Mon 1 Dec 2025, 2 days to dispatch: Wed 3 Dec; Blue Dart 2 days: Fri 5 Dec; Delhivery 4: Mon 8 Dec.
    expect(
      pinDelivery(
        { couriers: [delhivery, bluedart] },
        { today: "2025-12-01", productionDays: 2, policy: CHEAPEST },
      ),
    ).toEqual({ serviceable: true, cod: true, from: "2025-12-05", to: "2025-12-08" });
    // A preferred Blue Dart makes the latest day its own.
    expect(
      pinDelivery(
        { couriers: [delhivery, bluedart] },
        { today: "2025-12-01", productionDays: 2, policy: { ...CHEAPEST, preferredCouriers: ["Blue Dart"] } },
      ),
    ).toMatchObject({ from: "2025-12-05", to: "2025-12-05" });
  });

  it("says when nobody delivers there, and when nobody collects cash", () => {
    expect(
      pinDelivery({ couriers: [] }, { today: "2025-12-01", productionDays: 2, policy: CHEAPEST }),
    ).toEqual({
      serviceable: false,
    });
    expect(
      pinDelivery({ couriers: [bluedart] }, { today: "2025-12-01", productionDays: 0, policy: FASTEST }),
    ).toMatchObject({ serviceable: true, cod: false, from: "2025-12-03", to: "2025-12-03" });
  });

  it("skips a national holiday in the count", () => {
    // Thu 1 Oct 2026, 0 production days, 1 day in transit: Friday 2 Oct is Gandhi Jayanti.
    expect(
      pinDelivery(
        { couriers: [{ ...bluedart, transitDays: 1 }] },
        { today: "2026-10-01", productionDays: 0, policy: FASTEST },
      ),
    ).toMatchObject({ from: "2026-10-03", to: "2026-10-03" });
  });
});

describe("tracking stages", () => {
  it("reads Shiprocket's status codes, and ignores the ones that move nothing", () => {
    expect(shiprocketStage(18)).toBe("in_transit");
    expect(shiprocketStage(17)).toBe("out_for_delivery");
    expect(shiprocketStage(21)).toBe("ndr");
    expect(shiprocketStage(7)).toBe("delivered");
    expect(shiprocketStage(9)).toBe("rto_initiated");
    expect(shiprocketStage(10)).toBe("rto_delivered");
    expect(shiprocketStage(3)).toBeNull();
  });

  it("never leaves delivered or returned, a return only ends returned, and a repeat is no move", () => {
    expect(tracksTo(null, "in_transit")).toBe(true);
    expect(tracksTo("in_transit", "in_transit")).toBe(false);
    expect(tracksTo("ndr", "out_for_delivery")).toBe(true);
    expect(tracksTo("delivered", "in_transit")).toBe(false);
    expect(tracksTo("delivered", "rto_initiated")).toBe(false);
    expect(tracksTo("rto_initiated", "delivered")).toBe(false);
    expect(tracksTo("rto_initiated", "rto_delivered")).toBe(true);
    expect(tracksTo("rto_delivered", "delivered")).toBe(false);
  });
});
