import { describe, expect, it } from "vitest";
import { paymentDevice, paymentWindowOptions, upiDisplayConfig } from "./payment-options";

const handoff = {
  keyId: "rzp_test_abc",
  amountPaise: 199_900,
  currency: "INR" as const,
  razorpayOrderId: "order_123",
  prefill: { name: "Asha", email: "asha@example.com", contact: "+919876543210" },
  timeoutSeconds: 840,
};

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

describe("the payment window's UPI (issue 46)", () => {
  it("takes a phone or tablet for a phone and a computer for a desktop", () => {
    expect(paymentDevice({ userAgent: ANDROID })).toBe("phone");
    expect(paymentDevice({ userAgent: IPHONE })).toBe("phone");
    expect(paymentDevice({ userAgent: WINDOWS })).toBe("desktop");
    expect(paymentDevice({ userAgent: WINDOWS, mobile: true })).toBe("phone");
    // An Android tablet's Client Hints say mobile ?0; its apps still pay by intent.
    expect(paymentDevice({ userAgent: ANDROID.replace(" Mobile", ""), mobile: false })).toBe("phone");
    expect(paymentDevice({ userAgent: WINDOWS, mobile: false })).toBe("desktop");
  });

  it("offers UPI apps (intent) on a phone and a QR code on a desktop, first, with collect hidden", () => {
    expect(upiDisplayConfig("phone")).toEqual({
      display: {
        blocks: { upi: { name: "Pay with a UPI app", instruments: [{ method: "upi", flows: ["intent"] }] } },
        hide: [{ method: "upi", flows: ["collect"] }],
        sequence: ["block.upi"],
        preferences: { show_default_blocks: true },
      },
    });
    const desktop = upiDisplayConfig("desktop").display;
    expect(desktop.blocks.upi).toEqual({
      name: "Scan a UPI QR code",
      instruments: [{ method: "upi", flows: ["qr"] }],
    });
    expect(desktop.hide).toEqual([{ method: "upi", flows: ["collect"] }]);
    // Neither device is ever offered the collect flow.
    for (const d of ["phone", "desktop"] as const)
      for (const block of Object.values(upiDisplayConfig(d).display.blocks))
        for (const i of block.instruments) expect(i.flows).not.toContain("collect");
  });

  it("builds the window's options from the gateway order, with the device's UPI display", () => {
    const options = paymentWindowOptions(
      handoff,
      { storeName: "NeonLights", description: "Order #NL-1", notes: { checkout_id: "c1" } },
      "phone",
    );
    expect(options).toEqual({
      key: "rzp_test_abc",
      amount: 199_900,
      currency: "INR",
      name: "NeonLights",
      description: "Order #NL-1",
      order_id: "order_123",
      prefill: handoff.prefill,
      notes: { checkout_id: "c1" },
      theme: { color: "#ff1493" },
      timeout: 840,
      config: upiDisplayConfig("phone"),
    });
    const plain = paymentWindowOptions(
      { ...handoff, timeoutSeconds: 0 },
      { storeName: "S", description: "d" },
      "desktop",
    );
    expect(plain).not.toHaveProperty("timeout");
    expect(plain).not.toHaveProperty("notes");
    expect(plain.config.display.blocks.upi!.instruments[0]!.flows).toEqual(["qr"]);
  });
});
