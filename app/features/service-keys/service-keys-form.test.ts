import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/shared/form-errors";
import { saveKeysSchema, serviceKeysFormSchema } from "./service-keys-form";

describe("the Keys page's forms", () => {
  it("keeps a saved key for an empty field and trims what is typed", () => {
    const parsed = saveKeysSchema.parse({
      intent: "save",
      service: "razorpay",
      RAZORPAY_KEY_ID: "  rzp_test_abc  ",
      RAZORPAY_KEY_SECRET: "",
    });
    expect(parsed.RAZORPAY_KEY_ID).toBe("rzp_test_abc");
    expect(parsed.RAZORPAY_KEY_SECRET).toBeUndefined();
  });

  it("names the field in each message", () => {
    const r = saveKeysSchema.safeParse({ intent: "save", service: "smtp", SMTP_URL: "mail.example.com" });
    expect(r.success).toBe(false);
    expect(fieldErrorsOf(r.error!)).toEqual({ SMTP_URL: "SMTP URL must start with smtp:// or smtps://" });
  });

  it("takes a clear of a known key and a check of a known service only", () => {
    expect(serviceKeysFormSchema.safeParse({ intent: "clear", name: "SMTP_URL" }).success).toBe(true);
    expect(serviceKeysFormSchema.safeParse({ intent: "clear", name: "DATABASE_URL" }).success).toBe(false);
    expect(serviceKeysFormSchema.safeParse({ intent: "check", service: "paypal" }).success).toBe(false);
  });
});
