import { describe, expect, it } from "vitest";
import {
  CODE_TTL_MS,
  erasureChoice,
  judgeCode,
  MAX_CODE_TRIES,
  myDataSchema,
  type CodeState,
} from "./data-rights";

const now = new Date("2026-11-27T06:00:00Z");
const live: CodeState = {
  status: "pending",
  codeHash: "ab",
  codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
  tries: 0,
};

describe("judgeCode", () => {
  it("verifies a right code on a live request, counts a wrong one", () => {
    expect(judgeCode(live, true, now)).toBe("ok");
    expect(judgeCode(live, false, now)).toBe("wrong");
  });
  it("refuses a right code once expired", () => {
    expect(judgeCode({ ...live, codeExpiresAt: new Date(now.getTime() - 1) }, true, now)).toBe("expired");
    expect(judgeCode({ ...live, codeExpiresAt: now }, true, now)).toBe("expired");
  });
  it("refuses every code after the last try or once dead", () => {
    expect(judgeCode({ ...live, tries: MAX_CODE_TRIES }, true, now)).toBe("dead");
    expect(judgeCode({ ...live, status: "dead" }, true, now)).toBe("dead");
  });
  it("refuses a replayed code after verification", () => {
    expect(judgeCode({ ...live, status: "verified", codeHash: null }, true, now)).toBe("used");
  });
  it("refuses any code while none was sent (a contact the shop does not hold)", () => {
    expect(judgeCode({ ...live, codeHash: null, codeExpiresAt: null }, true, now)).toBe("wrong");
  });
});

describe("erasureChoice", () => {
  const o = { paymentMethod: "cod", paymentStatus: "pending" as const, invoiced: false };
  it("keeps orders on their way", () => {
    for (const status of ["pending", "confirmed", "in_production", "dispatched"] as const)
      expect(erasureChoice({ ...o, status })).toBe("active");
  });
  it("keeps sales as tax records: invoiced, paid, refunded or delivered", () => {
    expect(erasureChoice({ ...o, status: "cancelled", invoiced: true })).toBe("tax-record");
    expect(erasureChoice({ ...o, status: "cancelled", paymentStatus: "refunded" })).toBe("tax-record");
    expect(erasureChoice({ ...o, status: "delivered" })).toBe("tax-record");
    expect(erasureChoice({ ...o, status: "rto", paymentStatus: "paid" })).toBe("tax-record");
  });
  it("anonymises what was never a sale", () => {
    expect(
      erasureChoice({ ...o, status: "cancelled", paymentMethod: "razorpay", paymentStatus: "failed" }),
    ).toBe("anonymise");
    expect(erasureChoice({ ...o, status: "rto" })).toBe("anonymise");
  });
});

describe("myDataSchema", () => {
  it("reads an e-mail or an Indian mobile as stored on orders", () => {
    expect(myDataSchema.parse({ intent: "start", contact: " Asha@Example.IN " })).toEqual({
      intent: "start",
      contact: { email: "asha@example.in" },
    });
    expect(myDataSchema.parse({ intent: "start", contact: "98765 43210" })).toEqual({
      intent: "start",
      contact: { phone: "+919876543210" },
    });
    expect(myDataSchema.safeParse({ intent: "start", contact: "hello" }).success).toBe(false);
  });
  it("takes six digits for a code, spaces dropped", () => {
    expect(myDataSchema.parse({ intent: "verify", code: "123 456" })).toEqual({
      intent: "verify",
      code: "123456",
    });
    expect(myDataSchema.safeParse({ intent: "verify", code: "12345" }).success).toBe(false);
    expect(myDataSchema.safeParse({ intent: "verify", code: "12345a" }).success).toBe(false);
  });
  it("erases only when confirmed", () => {
    expect(myDataSchema.safeParse({ intent: "erase" }).success).toBe(false);
    expect(myDataSchema.safeParse({ intent: "erase", confirm: "on" }).success).toBe(true);
  });
});
