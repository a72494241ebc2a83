import { describe, expect, it } from "vitest";
import { courierSteps } from "./courier-timeline";

describe("the courier's steps on the shopper's timeline", () => {
  it("reads tracking's history lines in the shopper's words, and nothing else", () => {
    expect(
      courierSteps([
        { note: "Booked through Shiprocket (NeonLights)", createdAt: "2026-12-01T04:00:00.000Z" },
        { note: "Courier: In transit (IN TRANSIT)", createdAt: "2026-12-01T10:00:00.000Z" },
        {
          note: "Courier: Delivery failed (NDR) (CUSTOMER NOT AVAILABLE). Waiting for the shopper's answer",
          createdAt: "2026-12-02T09:00:00.000Z",
        },
        { note: "Courier: the shopper's answer was sent", createdAt: "2026-12-02T09:05:00.000Z" },
        { note: "Courier: Out for delivery", createdAt: "2026-12-03T03:00:00.000Z" },
        { note: null, createdAt: "2026-12-03T04:00:00.000Z" },
      ]),
    ).toEqual([
      { label: "In transit", at: "2026-12-01T10:00:00.000Z" },
      { label: "Delivery attempt failed", at: "2026-12-02T09:00:00.000Z" },
      { label: "Out for delivery", at: "2026-12-03T03:00:00.000Z" },
    ]);
  });
});
