import { describe, expect, it } from "vitest";
import { productFormSchema } from "~/features/catalog/admin-catalog";
import { adminRefundSchema } from "~/features/after-sale/after-sale-forms";
import { checkoutFormSchema } from "~/features/checkout/checkout";
import { DEFAULT_DESIGN } from "~/features/customizer/customizer";
import { designSchema } from "~/features/customizer/design-schema";
import { fieldErrorsOf } from "./form-errors";
import { logoQuoteRequestSchema } from "~/features/logo-quotes/logo-quotes";
import { cancelOrderSchema } from "~/features/order-page/order-page";
import { statusChangeSchema } from "~/features/order-workflow/order-workflow";
import { returnRequestSchema } from "~/features/after-sale/returns";
import { shopSettingsSchema } from "~/features/settings/shop-settings";
import {
  cleanSearchText,
  freeText,
  hasControlCharacters,
  hasStrayJoiner,
  singleLine,
  TEXT_MESSAGES,
  textProblem,
} from "./text";
import { z } from "./zod";

// Every character is written as an escape: a test file full of invisible characters is the problem itself.
const BIDI = {
  "U+061C arabic letter mark": "\u061C",
  "U+200E left-to-right mark": "\u200E",
  "U+200F right-to-left mark": "\u200F",
  "U+202A left-to-right embedding": "\u202A",
  "U+202B right-to-left embedding": "\u202B",
  "U+202C pop directional formatting": "\u202C",
  "U+202D left-to-right override": "\u202D",
  "U+202E right-to-left override": "\u202E",
  "U+2066 left-to-right isolate": "\u2066",
  "U+2067 right-to-left isolate": "\u2067",
  "U+2068 first strong isolate": "\u2068",
  "U+2069 pop directional isolate": "\u2069",
};
const ZERO_WIDTH = {
  "U+200B zero-width space": "\u200B",
  "U+2060 word joiner": "\u2060",
  "U+FEFF byte order mark": "\uFEFF",
  "U+00AD soft hyphen": "\u00AD",
  "U+200C zero-width non-joiner between ASCII letters": "\u200C",
  "U+200D zero-width joiner between ASCII letters": "\u200D",
};
const FILLERS = {
  "U+3164 Hangul filler": "\u3164",
  "U+115F Hangul choseong filler": "\u115F",
  "U+1160 Hangul jungseong filler": "\u1160",
  "U+FFA0 halfwidth Hangul filler": "\uFFA0",
  "U+2800 Braille pattern blank": "\u2800",
  "U+034F combining grapheme joiner": "\u034F",
  "U+180E Mongolian vowel separator": "\u180E",
  "U+17B4 Khmer vowel inherent AQ": "\u17B4",
  "U+E0001 language tag": "\u{E0001}",
  "U+E0041 tag latin capital A": "\u{E0041}",
  "U+E007F cancel tag": "\u{E007F}",
  "U+E0100 variation selector-17": "\u{E0100}",
};
const LINE_BREAKS = {
  "CR U+000D": "\r",
  "LF U+000A": "\n",
  "CR LF": "\r\n",
  "U+0085 next line": "\u0085",
  "U+2028 line separator": "\u2028",
  "U+2029 paragraph separator": "\u2029",
};

// Hindi: क्ष written with a ZWJ (half form) and with a ZWNJ (visible halant) after the halant.
const KSHA_ZWJ = "\u0915\u094D\u200D\u0937";
const KSHA_ZWNJ = "\u0915\u094D\u200C\u0937";
const HINDI_NAME = `\u0930\u093E\u091C\u0947\u0936 ${KSHA_ZWJ}\u0924\u094D\u0930\u093F\u092F`; // "rajesh kshatriya"
const FAMILY = "\u{1F469}\u200D\u{1F469}\u200D\u{1F467}";
const TECHNOLOGIST = "\u{1F468}\u{1F3FD}\u200D\u{1F4BB}"; // man, skin tone, ZWJ, laptop
const HEART_ON_FIRE = "\u2764\uFE0F\u200D\u{1F525}";

const form = {
  name: "Asha Verma",
  phone: "9876543210",
  email: "asha@example.in",
  address1: "12 MG Road",
  city: "Pune",
  state: "maharashtra",
  pincode: "411001",
  paymentMethod: "cod",
};
const checkoutErrors = (over: Record<string, unknown>) => {
  const r = checkoutFormSchema.safeParse({ ...form, ...over });
  return r.success ? {} : fieldErrorsOf(r.error);
};

describe("control characters", () => {
  it("are found (C0 and C1 controls, DEL), while tabs, line breaks and emoji are fine", () => {
    expect(hasControlCharacters("a\u0000b")).toBe(true);
    expect(hasControlCharacters("bell\u0007")).toBe(true);
    expect(hasControlCharacters("del\u007F")).toBe(true);
    expect(hasControlCharacters("c1\u0092")).toBe(true);
    expect(hasControlCharacters("line\nbreak\tand ✨")).toBe(false);
    expect(hasControlCharacters("next line\u0085")).toBe(false);
  });
  it("are refused in checkout fields with a clear message naming the field (PostgreSQL cannot store NUL)", () => {
    const r = checkoutFormSchema.safeParse({ ...form, name: "Asha\u0000" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ["name"],
      message: "Full name: please remove unusual characters.",
    });
  });
});

describe("invisible, direction-changing and line-break characters", () => {
  it.each(Object.entries(BIDI))("refuses %s in single lines and free text", (_, ch) => {
    expect(textProblem(`Asha${ch}Verma`, "single")).toBe("invisible");
    expect(textProblem(`Asha${ch}Verma`, "multiple")).toBe("invisible");
  });

  it.each(Object.entries(ZERO_WIDTH))("refuses %s in single lines and free text", (_, ch) => {
    expect(textProblem(`Asha${ch}Verma`, "single")).toBe("invisible");
    expect(textProblem(`Asha${ch}Verma`, "multiple")).toBe("invisible");
  });

  it.each(Object.entries(FILLERS))("refuses the blank filler %s, alone or in a name (issue 41)", (_, ch) => {
    expect(textProblem(ch, "single")).toBe("invisible");
    expect(textProblem(`Asha${ch}Verma`, "single")).toBe("invisible");
    expect(textProblem(`Asha${ch}Verma`, "multiple")).toBe("invisible");
  });

  it.each(Object.entries(LINE_BREAKS))("refuses %s in a single line, accepts it in free text", (_, ch) => {
    expect(textProblem(`12 MG Road${ch}Pune`, "single")).toBe("lineBreak");
    expect(textProblem(`12 MG Road${ch}Pune`, "multiple")).toBeNull();
  });

  it("accepts ordinary text in every script, tabs, emoji and accents", () => {
    for (const v of ["Asha Verma", "Zoë O'Brien-Núñez", "आशा वर्मा", "Café\t✨ 🇮🇳 1️⃣ 👍🏽", "محمد"]) {
      expect(textProblem(v, "single")).toBeNull();
      expect(textProblem(v, "multiple")).toBeNull();
    }
  });

  it("puts control characters first, then invisible ones, then line breaks", () => {
    expect(textProblem("a\u0000\u202E\n", "single")).toBe("unusual");
    expect(textProblem("a\u202E\nb", "single")).toBe("invisible");
  });
});

describe("ZWJ and ZWNJ: accepted only between non-ASCII letters, marks or emoji", () => {
  it("accepts Hindi written with ZWJ or ZWNJ (in a name, an address and sign text)", () => {
    for (const v of [KSHA_ZWJ, KSHA_ZWNJ, HINDI_NAME, `${KSHA_ZWJ}\n${KSHA_ZWNJ}`]) {
      expect(hasStrayJoiner(v)).toBe(false);
      expect(textProblem(v, "multiple")).toBeNull();
    }
    expect(textProblem(HINDI_NAME, "single")).toBeNull();
    expect(checkoutErrors({ name: HINDI_NAME, address1: `12 ${KSHA_ZWNJ} मार्ग` })).toEqual({});
    expect(designSchema.safeParse({ ...DEFAULT_DESIGN, text: `शुभ ${KSHA_ZWJ}\nदीपावली` }).success).toBe(true);
  });

  it("accepts emoji ZWJ sequences (family, skin tone, variation selector) and Persian's ZWNJ", () => {
    for (const v of [
      FAMILY,
      TECHNOLOGIST,
      HEART_ON_FIRE,
      `Happy ${FAMILY} day`,
      "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645",
    ])
      expect(textProblem(v, "single")).toBeNull();
  });

  it("refuses a joiner at the start or end, next to ASCII, a space, a digit, a line break or another joiner", () => {
    const stray = [
      "\u200DAsha",
      "Asha\u200D",
      `\u200D${KSHA_ZWJ}`,
      `${KSHA_ZWJ}\u200C`,
      "Asha\u200DVerma",
      "pay\u200Cpal",
      "\u0915\u094D\u200D \u0937",
      "\u0915\u094D\u200D1",
      "\u0915\u094D\u200D\n\u0937",
      "\u0915\u094D\u200D\u200D\u0937",
      `a\u200D${KSHA_ZWJ}`,
      `\u{1F469}\u200Da`,
    ];
    for (const v of stray) {
      expect(hasStrayJoiner(v), JSON.stringify(v)).toBe(true);
      expect(textProblem(v, "multiple"), JSON.stringify(v)).toBe("invisible");
    }
  });
});

describe("the refinements", () => {
  const name = z.string().trim().superRefine(singleLine("Full name"));
  const notes = z.string().trim().superRefine(freeText("Notes"));

  it("name the field in their messages", () => {
    expect(TEXT_MESSAGES.invisible("Full name")).toBe(
      "Full name: please remove invisible or direction-changing characters.",
    );
    expect(TEXT_MESSAGES.lineBreak("Address line 1")).toBe("Address line 1 must be on one line.");
    expect(TEXT_MESSAGES.unusual("City")).toBe("City: please remove unusual characters.");
    expect(name.safeParse("Asha\u202EVerma").error?.issues[0]?.message).toBe(
      "Full name: please remove invisible or direction-changing characters.",
    );
    expect(name.safeParse("Asha\r\nVerma").error?.issues[0]?.message).toBe("Full name must be on one line.");
    expect(notes.safeParse("Line 1\nLine 2\r\nLine 3").data).toBe("Line 1\nLine 2\r\nLine 3");
    expect(notes.safeParse("Line 1\n\u200BLine 2").error?.issues[0]?.message).toBe(
      "Notes: please remove invisible or direction-changing characters.",
    );
  });
});

describe("the forms", () => {
  it("refuse an RLO-spoofed name at checkout with the field's message", () => {
    // Shown as "Asha Vermaexe.txt" once the override turns the rest around.
    expect(checkoutErrors({ name: "Asha Verma\u202Etxt.exe" })).toEqual({
      name: "Full name: please remove invisible or direction-changing characters.",
    });
  });

  it("refuse CR/LF inside a checkout name or address line, and zero-width characters in any field", () => {
    expect(checkoutErrors({ name: "Asha\r\nVerma" })).toEqual({ name: "Full name must be on one line." });
    expect(checkoutErrors({ address1: "12 MG Road\nPune" })).toEqual({
      address1: "Address line 1 must be on one line.",
    });
    expect(
      checkoutErrors({
        address2: "Flat\u20603",
        landmark: "Near\u200BMall",
        city: "Pu\u00ADne",
        phone: "98765\u200B43210",
        email: "asha\u200E@example.in",
        buyerGstin: "27AAPFU0939F1ZV\u202C",
        businessName: "Verma\u2028Traders",
      }),
    ).toEqual({
      address2: "Address line 2: please remove invisible or direction-changing characters.",
      landmark: "Landmark: please remove invisible or direction-changing characters.",
      city: "City: please remove invisible or direction-changing characters.",
      phone: "Phone number: please remove invisible or direction-changing characters.",
      email: "Email address: please remove invisible or direction-changing characters.",
      buyerGstin: "GSTIN: please remove invisible or direction-changing characters.",
      businessName: "Business name must be on one line.",
    });
    // Line breaks at either end are trimmed away, as spaces are.
    expect(checkoutErrors({ name: "\r\nAsha Verma\n" })).toEqual({});
  });

  it("keep line breaks in notes, sign text and return descriptions, and refuse invisible characters there", () => {
    const quote = { name: "Isha", phone: "9845044444", email: "isha@example.in", size: "S" };
    expect(logoQuoteRequestSchema.safeParse({ ...quote, notes: "Two colours\nBlue on top" }).success).toBe(
      true,
    );
    const spoofed = logoQuoteRequestSchema.safeParse({ ...quote, name: "Isha\u202Eahsi", notes: "x\u2066y" });
    expect(fieldErrorsOf(spoofed.error!)).toEqual({
      name: "Full name: please remove invisible or direction-changing characters.",
      notes: "Notes: please remove invisible or direction-changing characters.",
    });
    expect(designSchema.safeParse({ ...DEFAULT_DESIGN, text: "OPEN\nLATE" }).success).toBe(true);
    expect(designSchema.safeParse({ ...DEFAULT_DESIGN, text: "OPEN\u200B" }).error?.issues[0]?.message).toBe(
      "Sign text: please remove invisible or direction-changing characters.",
    );
    expect(
      returnRequestSchema.safeParse({ reason: "damaged_in_transit", details: "The glass\nis cracked." })
        .success,
    ).toBe(true);
    expect(cancelOrderSchema.safeParse({ reason: "Ordered\nby mistake" }).success).toBe(true);
    expect(cancelOrderSchema.safeParse({ reason: "\u202Emistake" }).error?.issues[0]?.message).toBe(
      "Reason: please remove invisible or direction-changing characters.",
    );
  });

  it("refuse line breaks in staff's one-line fields (product name, courier, refund reason, store address)", () => {
    const product = productFormSchema.safeParse({
      categoryId: "0b3f7c1e-8a4d-4c2b-9e6f-1a2b3c4d5e6f",
      name: "Love\nSign",
      description: "Warm white.\nFor bedrooms.",
      mediumPrice: "1999",
      mediumMrp: "2499",
      stockQuantity: "5",
    });
    expect(fieldErrorsOf(product.error!)).toEqual({ name: "Product name must be on one line." });

    const status = statusChangeSchema.safeParse({
      intent: "status",
      kind: "order",
      id: "0b3f7c1e-8a4d-4c2b-9e6f-1a2b3c4d5e6f",
      to: "dispatched",
      courier: "Delhivery\u200F",
      trackingNumber: "AB12\n34",
      note: "Packed twice.\nFragile.",
    });
    expect(fieldErrorsOf(status.error!)).toEqual({
      courier: "Courier: please remove invisible or direction-changing characters.",
      trackingNumber: "Tracking number must be on one line.",
    });

    const refund = adminRefundSchema.safeParse({
      intent: "refund",
      kind: "order",
      id: "0b3f7c1e-8a4d-4c2b-9e6f-1a2b3c4d5e6f",
      amount: "100",
      reason: "Late\ndelivery",
      requestKey: "1b3f7c1e-8a4d-4c2b-9e6f-1a2b3c4d5e6f",
      confirmed: "yes",
    });
    expect(fieldErrorsOf(refund.error!)).toEqual({ reason: "Reason must be on one line." });

    const settings = shopSettingsSchema.safeParse({ store: { address: "Badaun\nUttar Pradesh" } });
    expect(fieldErrorsOf(settings.error!)["store.address"]).toBe("Address must be on one line.");
  });
});

describe("cleanSearchText", () => {
  it("removes control characters and broken UTF-16, keeps everything else", () => {
    expect(cleanSearchText("neon\u0000 sign\u001f")).toBe("neon sign");
    expect(cleanSearchText("caf\u00e9 \ud83d\ude00")).toBe("caf\u00e9 \ud83d\ude00");
    expect(cleanSearchText("a\ud800b\udc00c")).toBe("abc");
    expect(cleanSearchText("line\nbreak\ttab")).toBe("line\nbreak\ttab");
  });
});
