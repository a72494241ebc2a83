import { describe, expect, it } from "vitest";
import { checkoutFormSchema } from "~/features/checkout/checkout";
import { whatsAppRecipient } from "~/shared/phone-numbers";
import {
  DEFAULT_WHATSAPP_TEMPLATES,
  firstName,
  isRetryableWhatsAppError,
  TEMPLATE_PARAMETERS,
  templateMessage,
  templateParameters,
  templateText,
  whatsAppTemplatesSchema,
  WHATSAPP_EVENTS,
} from "./whatsapp-messages";

const facts = {
  customerName: "  Priya   Sharma ",
  displayOrderId: "NLAB12CD34",
  orderLink: "https://neonlights.in/orders/abc",
  courier: "Blue Dart",
  trackingNumber: "BD 1234\n5678",
};

describe("WhatsApp template messages", () => {
  it("gives each event's parameters in the documented order, tracking only for dispatch", () => {
    expect(templateParameters("placed", facts)).toEqual(["Priya", "NLAB12CD34", facts.orderLink]);
    expect(templateParameters("delivered", facts)).toEqual(["Priya", "NLAB12CD34", facts.orderLink]);
    expect(templateParameters("dispatched", facts)).toEqual([
      "Priya",
      "NLAB12CD34",
      "Blue Dart",
      "BD 1234 5678",
      facts.orderLink,
    ]);
    for (const e of WHATSAPP_EVENTS) {
      expect(templateParameters(e, facts)).toHaveLength(TEMPLATE_PARAMETERS[e].length);
    }
  });

  it("never sends an empty parameter, a new line, a tab or a run of spaces (the API refuses them)", () => {
    expect(templateText("a\tb\n\nc     d")).toBe("a b c d");
    expect(templateText("   ")).toBe("-");
    expect(templateText("x".repeat(500))).toHaveLength(200);
    expect(firstName("")).toBe("there");
    expect(templateParameters("dispatched", { ...facts, courier: null, trackingNumber: "" })).toEqual([
      "Priya",
      "NLAB12CD34",
      "-",
      "-",
      facts.orderLink,
    ]);
  });

  it("builds the Cloud API's request body with the settings' template name and language", () => {
    const templates = { ...DEFAULT_WHATSAPP_TEMPLATES, confirmed: "neon_ok", language: "en_US" };
    expect(templateMessage("919876543210", templates, "confirmed", ["Priya", "NL1", "link"])).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "919876543210",
      type: "template",
      template: {
        name: "neon_ok",
        language: { code: "en_US" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Priya" },
              { type: "text", text: "NL1" },
              { type: "text", text: "link" },
            ],
          },
        ],
      },
    });
  });

  it("addresses Indian and foreign numbers as E.164 without '+', and refuses what is no number", () => {
    expect(whatsAppRecipient("+919876543210")).toBe("919876543210");
    expect(whatsAppRecipient("+971501234567")).toBe("971501234567");
    expect(whatsAppRecipient("+1 415 555 2671")).toBe("14155552671");
    expect(whatsAppRecipient("+447911123456")).toBe("447911123456");
    expect(whatsAppRecipient("+91 12345")).toBeNull();
    expect(whatsAppRecipient("")).toBeNull();
  });

  it("retries throttling, outages and network failures; gives up on refusals that repeat", () => {
    expect(isRetryableWhatsAppError(null, null)).toBe(true);
    expect(isRetryableWhatsAppError(503, null)).toBe(true);
    expect(isRetryableWhatsAppError(500, 131000)).toBe(true);
    expect(isRetryableWhatsAppError(429, 130429)).toBe(true);
    expect(isRetryableWhatsAppError(400, 131048)).toBe(true);
    expect(isRetryableWhatsAppError(401, 190)).toBe(true);
    expect(isRetryableWhatsAppError(404, 132001)).toBe(false);
    expect(isRetryableWhatsAppError(400, 132000)).toBe(false);
    expect(isRetryableWhatsAppError(400, 131026)).toBe(false);
    expect(isRetryableWhatsAppError(400, 100)).toBe(false);
    expect(isRetryableWhatsAppError(400, null)).toBe(false);
  });

  it("checks the settings' template names and language code", () => {
    expect(whatsAppTemplatesSchema.parse({ ...DEFAULT_WHATSAPP_TEMPLATES, language: " hi " }).language).toBe(
      "hi",
    );
    const bad = whatsAppTemplatesSchema.safeParse({
      ...DEFAULT_WHATSAPP_TEMPLATES,
      placed: "Order Placed",
      language: "english",
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join("."))).toEqual(["placed", "language"]);
  });
});

describe("the checkout's WhatsApp consent", () => {
  const form = {
    name: "Priya Sharma",
    phone: "98765 43210",
    email: "priya@example.in",
    address1: "12 Park Street",
    city: "Kolkata",
    state: "west-bengal",
    pincode: "700016",
    paymentMethod: "cod",
  };
  it("is off unless the box is ticked", () => {
    expect(checkoutFormSchema.parse(form).whatsappUpdates).toBe(false);
    expect(checkoutFormSchema.parse({ ...form, whatsappUpdates: "" }).whatsappUpdates).toBe(false);
    expect(checkoutFormSchema.parse({ ...form, whatsappUpdates: false }).whatsappUpdates).toBe(false);
    expect(checkoutFormSchema.parse({ ...form, whatsappUpdates: "on" }).whatsappUpdates).toBe(true);
    expect(checkoutFormSchema.parse({ ...form, whatsappUpdates: true }).whatsappUpdates).toBe(true);
  });
  it("refuses anything else with a message", () => {
    const r = checkoutFormSchema.safeParse({ ...form, whatsappUpdates: "yes" });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe("Please tick or untick the WhatsApp updates box.");
  });
});
