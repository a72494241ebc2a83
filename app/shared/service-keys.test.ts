import { describe, expect, it } from "vitest";
import {
  KEY_NAMES,
  KEY_PAIRS,
  SERVICE_KEYS,
  SERVICES,
  keyHint,
  keyLabel,
  keyTitle,
  keysOf,
} from "./service-keys";

describe("the services' keys", () => {
  it("every key belongs to a service, and each pair to one service", () => {
    expect(SERVICES.flatMap(keysOf).sort()).toEqual([...KEY_NAMES].sort());
    for (const [a, b] of KEY_PAIRS) expect(SERVICE_KEYS[a].service).toBe(SERVICE_KEYS[b].service);
  });

  it("names a key in a sentence and in the audit trail", () => {
    expect(keyTitle("RAZORPAY_KEY_SECRET")).toBe("Razorpay key secret");
    expect(keyTitle("SHIPROCKET_PASSWORD")).toBe("Shiprocket API user's password");
    expect(keyTitle("WHATSAPP_TOKEN")).toBe("WhatsApp access token");
    expect(keyTitle("SMTP_URL")).toBe("Mail server SMTP URL");
    expect(keyLabel("WHATSAPP_PHONE_NUMBER_ID")).toBe("phone number id");
  });

  it("shows a key's last 4 characters only", () => {
    expect(keyHint("fake_key_secret_1a2b")).toBe("•••• 1a2b");
  });

  it("checks each key with its rule", () => {
    expect(SERVICE_KEYS.RAZORPAY_KEY_ID.rule.safeParse("rzp_live_AbC123").success).toBe(true);
    expect(SERVICE_KEYS.RAZORPAY_KEY_ID.rule.safeParse("a secret pasted in the wrong field").success).toBe(
      false,
    );
    expect(SERVICE_KEYS.RAZORPAY_KEY_SECRET.rule.safeParse("has a space").success).toBe(false);
    expect(SERVICE_KEYS.SMTP_URL.rule.safeParse("smtps://u:p@mail.example:465").success).toBe(true);
    expect(SERVICE_KEYS.SMTP_URL.rule.safeParse("mail.example").success).toBe(false);
    expect(SERVICE_KEYS.SHIPROCKET_PASSWORD.rule.safeParse("").success).toBe(false);
  });
});
