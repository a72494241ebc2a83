import { describe, expect, it } from "vitest";
import {
  DEFAULT_SHIPPING,
  flattenValues,
  isPhoneNumber,
  mergeSettings,
  nestValues,
  settingsFormErrors,
  DEFAULT_PRODUCT_FACTS,
  shopSettingsSchema,
  type ShopSettings,
} from "./shop-settings";
import { DEFAULT_WHATSAPP_TEMPLATES } from "~/features/settings/whatsapp-messages";
import { defaultCourierSettings } from "~/features/settings/courier-settings";
import { DEFAULT_PRIVACY_SETTINGS } from "~/features/settings/privacy-settings";
import { DEFAULT_RECOVERY_SETTINGS } from "~/features/settings/recovery-settings";
import { DEFAULT_WORKSHOP_SETTINGS } from "~/features/settings/workshop-settings";
import { DEFAULT_FEED_SETTINGS } from "~/features/settings/feed-settings";
import { DEFAULT_CHAT_ORDER_SETTINGS } from "~/features/settings/chat-order-settings";

const valid: ShopSettings = {
  store: {
    name: "NeonLights",
    email: "hello@neonlights.in",
    phone: "+91 98765 43210",
    whatsapp: "919876543210",
    address: "Badaun, Uttar Pradesh, India",
    hoursWeekdays: "Mon-Fri: 9:00 AM - 8:00 PM",
    hoursSaturday: "Sat: 10:00 AM - 6:00 PM",
    hoursSunday: "Sun: Closed",
  },
  social: {
    instagramUrl: "https://www.instagram.com/neonlights.in",
    youtubeUrl: "https://www.youtube.com/@neonlights.in",
    facebookUrl: null,
  },
  legal: {
    legalName: "NeonLights Private Limited",
    gstin: "09ABCDE1234F1ZY",
    hsnCode: "9405",
    gstRate: 18,
    lutReference: null,
  },
  grievance: { name: "Asha Verma", email: "grievance@neonlights.in", phone: "+91 98765 43211" },
  shipping: DEFAULT_SHIPPING,
  courier: defaultCourierSettings({
    name: "NeonLights",
    phone: "+91 98765 43210",
    whatsapp: "919876543210",
    address: "Badaun, Uttar Pradesh, India",
  }),
  limits: {
    maxQtyPerLine: 10,
    maxQtyPerProduct: 10,
    maxCustomLines: 10,
    maxOrderTotal: 200_000,
    maxOpenOrdersPerCustomer: 3,
    maxHeldUnitsPerCustomer: 10,
    checkoutRatePerHour: 20,
    paymentHoldMinutes: 15,
    stockSharePercent: 33,
    stockShareFloor: 3,
    lowStockThreshold: 5,
  },
  whatsappUpdates: { ...DEFAULT_WHATSAPP_TEMPLATES },
  reviews: { autoPublish: "moderate" },
  codConfirmation: {
    remindAfterHours: 12,
    cancelAfterHours: 48,
    holdStockHours: 2,
    whatsappTemplate: "cod_confirmation",
  },
  prepaid: {
    prepaidAbove: 20_000,
    prepaidCustom: "yes",
    prepaidPins: ["110093", "243001"],
    prepaidRiskLevel: "high",
    prepaidDiscount: 25,
  },
  recovery: { ...DEFAULT_RECOVERY_SETTINGS },
  workshop: { ...DEFAULT_WORKSHOP_SETTINGS },
  quotes: { replyHours: 24 },
  productFacts: { ...DEFAULT_PRODUCT_FACTS },
  privacy: { ...DEFAULT_PRIVACY_SETTINGS },
  feeds: { ...DEFAULT_FEED_SETTINGS },
  chatOrders: { ...DEFAULT_CHAT_ORDER_SETTINGS },
};

/** The form as the admin page posts it, with some fields changed. */
const formWith = (changes: Record<string, string>) => ({ ...flattenValues(valid), ...changes });

describe("shop settings schema", () => {
  it("parses the stored shape unchanged and the form's flat values into the same shape", () => {
    expect(shopSettingsSchema.parse(valid)).toEqual(valid);
    expect(shopSettingsSchema.parse(nestValues(flattenValues(valid)))).toEqual(valid);
    expect(settingsFormErrors(flattenValues(valid))).toEqual({});
  });

  it("reads amounts typed with ₹ and commas, PIN prefixes as a list, an empty threshold as never free", () => {
    const parsed = shopSettingsSchema.parse(
      nestValues(
        formWith({
          "shipping.standardFee": "₹ 1,299",
          "shipping.freeFrom": "",
          "shipping.expressPinPrefixes": "110,400 560;; 110",
          "legal.gstin": "09abcde1234f1zy",
          "store.whatsapp": "+91 98765-43210",
        }),
      ),
    );
    expect(parsed.shipping.standardFee).toBe(1299);
    expect(parsed.shipping.freeFrom).toBeNull();
    expect(parsed.shipping.expressPinPrefixes).toEqual(["110", "400", "560"]);
    expect(parsed.legal.gstin).toBe("09ABCDE1234F1ZY");
    expect(parsed.store.whatsapp).toBe("919876543210");
  });

  it("answers every bad field with a clear message under its form name", () => {
    const errors = settingsFormErrors(
      formWith({
        "store.name": " ",
        "store.email": "hello@",
        "store.phone": "12345",
        "social.instagramUrl": "javascript:alert(1)",
        "social.facebookUrl": "ftp://example.com/x",
        "legal.gstin": "09ABCDE1234F1Z5",
        "legal.hsnCode": "94O5",
        "legal.gstRate": "41",
        "grievance.email": "not an email",
        "grievance.phone": "call me",
        "shipping.standardFee": "-5",
        "shipping.codFee": "12.5",
        "shipping.expressPinPrefixes": "110, 0400",
        "shipping.international.AE.fee": "",
        "limits.paymentHoldMinutes": "2",
        "limits.lowStockThreshold": "-1",
      }),
    );
    expect(errors).toEqual({
      "store.name": "Store name is required",
      "store.email": "Store email must be a valid email address",
      "store.phone": "Store phone must be a phone number such as +91 98765 43210",
      "social.instagramUrl": "Instagram profile must be a web address starting with https://",
      "social.facebookUrl": "Facebook page must be a web address starting with https://",
      "legal.gstin":
        "This GSTIN's check character does not match. Please copy it again from your GST certificate.",
      "legal.hsnCode": "HSN code must be 4, 6 or 8 digits (e.g. 9405)",
      "legal.gstRate": "GST rate must be between 0 and 40",
      "grievance.email": "Grievance officer's email must be a valid email address",
      "grievance.phone": "Grievance officer's phone must be a phone number such as +91 98765 43210",
      "shipping.standardFee": "Standard delivery fee must be a whole number",
      "shipping.codFee": "Cash on delivery charge must be a whole number",
      "shipping.expressPinPrefixes":
        "PIN prefixes are 1 to 6 digits, not starting with 0, separated by commas (e.g. 110, 400, 560).",
      "shipping.international.AE.fee": "United Arab Emirates shipping fee is required",
      "limits.paymentHoldMinutes": "Payment hold (minutes) must be between 5 and 120",
      "limits.lowStockThreshold": "Low stock threshold must be a whole number",
    });
  });

  it("refuses a delivery window that ends before it starts", () => {
    expect(
      settingsFormErrors(formWith({ "shipping.standardDaysMin": "10", "shipping.standardDaysMax": "5" })),
    ).toEqual({ "shipping.standardDaysMax": "The latest day must not be before the earliest day" });
    expect(
      settingsFormErrors(
        formWith({ "shipping.international.US.daysMin": "30", "shipping.international.US.daysMax": "20" }),
      ),
    ).toEqual({ "shipping.international.US.daysMax": "The latest day must not be before the earliest day" });
  });

  it("names the range of money fields in rupees", () => {
    expect(settingsFormErrors(formWith({ "limits.maxOrderTotal": "50" }))).toEqual({
      "limits.maxOrderTotal": "Largest order must be between ₹100 and ₹10,00,00,000",
    });
  });
});

describe("phone numbers", () => {
  it("accepts Indian numbers with or without +91 or 0, and international numbers with +", () => {
    for (const p of ["+91 98765 43210", "9876543210", "098765 43210", "+91-522-4012345", "+971 50 123 4567"])
      expect(isPhoneNumber(p), p).toBe(true);
    for (const p of ["12345", "+91 98765", "phone", "0123456789", "+0 123 456 7890"])
      expect(isPhoneNumber(p), p).toBe(false);
  });
});

describe("nestValues / mergeSettings", () => {
  it("never writes to an object's prototype", () => {
    const out = nestValues({ "__proto__.polluted": "yes", "a.constructor.x": "1", "store.name": "A" });
    expect(out).toEqual({ store: { name: "A" } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("lays stored values over the defaults and ignores keys the defaults do not have", () => {
    const merged = mergeSettings(valid, { store: { name: "Glow" }, unknown: 1, shipping: { codFee: 75 } });
    expect(merged.store.name).toBe("Glow");
    expect(merged.store.email).toBe(valid.store.email);
    expect(merged.shipping.codFee).toBe(75);
    expect(merged.shipping.international.AE.fee).toBe(DEFAULT_SHIPPING.international.AE.fee);
    expect("unknown" in merged).toBe(false);
  });
});

describe("logo quote reply time (issue 27)", () => {
  it("settings saved before it take the default; the form's hours are checked", () => {
    const { quotes: _q, ...older } = valid;
    expect(shopSettingsSchema.parse(older).quotes).toEqual({ replyHours: 24 });
    expect(shopSettingsSchema.parse(nestValues(formWith({ "quotes.replyHours": "6" }))).quotes).toEqual({
      replyHours: 6,
    });
    expect(settingsFormErrors(formWith({ "quotes.replyHours": "0" }))).toEqual({
      "quotes.replyHours": "Logo quote reply time (hours) must be between 1 and 168",
    });
    expect(settingsFormErrors(formWith({ "quotes.replyHours": "two" }))).toEqual({
      "quotes.replyHours": "Logo quote reply time (hours) must be a whole number",
    });
  });
});

describe("product facts defaults (issues 27 and 32)", () => {
  it("settings saved before them take the defaults; an emptied field goes back to its default", () => {
    const { productFacts: _f, ...older } = valid;
    expect(shopSettingsSchema.parse(older).productFacts).toEqual(DEFAULT_PRODUCT_FACTS);
    const { privacy: _p, ...beforePrivacy } = valid;
    expect(shopSettingsSchema.parse(beforePrivacy).privacy).toEqual(DEFAULT_PRIVACY_SETTINGS);
    const typed = shopSettingsSchema.parse(
      nestValues(formWith({ "productFacts.weight": "1 kg", "productFacts.genericName": "" })),
    ).productFacts;
    expect(typed.weight).toBe("1 kg");
    expect(typed.genericName).toBe("LED neon sign");
    expect(settingsFormErrors(formWith({ "productFacts.placement": "roof" }))).toEqual({
      "productFacts.placement": "Choose indoor or outdoor",
    });
  });
});
