import { describe, expect, it } from "vitest";
import { emailText } from "~/shared/email-content";
import { renderEmailHtml } from "~/platform/mail/branded-email.server";
import {
  buildProofEmail,
  checkProductionProof,
  checkProofAnswer,
  proofAnswerSchema,
  proofOverrideNote,
} from "./design-proofs";
import { checkStatusMove } from "~/features/order-workflow/order-workflow";

const confirmedCustom = { status: "confirmed", paymentStatus: "pending", paymentMethod: "cod" } as const;

describe("production needs an approved proof", () => {
  it("allows production only when the latest proof is approved, or with a reason", () => {
    expect(checkProductionProof("approved", undefined)).toEqual({ ok: true, overridden: false });
    for (const latest of [null, "sent", "changes_requested"] as const) {
      expect(checkProductionProof(latest, undefined).ok).toBe(false);
      expect(checkProductionProof(latest, "  ").ok).toBe(false);
      expect(checkProductionProof(latest, "Approved on the phone")).toEqual({ ok: true, overridden: true });
    }
  });

  it("is part of the status workflow for custom orders only", () => {
    expect(checkStatusMove({ ...confirmedCustom, latestProof: null }, { to: "in_production" })).toMatchObject(
      {
        ok: false,
        field: "proofOverride",
      },
    );
    expect(checkStatusMove({ ...confirmedCustom, latestProof: "approved" }, { to: "in_production" }).ok).toBe(
      true,
    );
    expect(
      checkStatusMove(
        { ...confirmedCustom, latestProof: "sent" },
        { to: "in_production", proofOverride: "ok" },
      ).ok,
    ).toBe(true);
    // Regular orders (no proof state) and other moves are not affected.
    expect(checkStatusMove(confirmedCustom, { to: "in_production" }).ok).toBe(true);
    expect(checkStatusMove({ ...confirmedCustom, latestProof: null }, { to: "cancelled" }).ok).toBe(true);
  });

  it("writes the override into the history note", () => {
    expect(proofOverrideNote("changes_requested", " Rush ")).toBe(
      "Proof approval overridden (latest proof changes requested): Rush",
    );
  });
});

describe("the shopper's answer", () => {
  it("may change only the latest proof, once", () => {
    expect(checkProofAnswer({ version: 2, state: "sent" }, 2)).toEqual({ ok: true });
    expect(checkProofAnswer({ version: 1, state: "sent" }, 2).ok).toBe(false);
    expect(checkProofAnswer({ version: 2, state: "approved" }, 2).ok).toBe(false);
    expect(checkProofAnswer({ version: 2, state: "changes_requested" }, 2).ok).toBe(false);
  });

  it("needs a comment for changes, capped in length, without control characters", () => {
    expect(proofAnswerSchema.safeParse({ intent: "proof-changes", version: "1", comment: " " }).success).toBe(
      false,
    );
    expect(
      proofAnswerSchema.safeParse({ intent: "proof-changes", version: "1", comment: "x".repeat(1001) })
        .success,
    ).toBe(false);
    expect(
      proofAnswerSchema.safeParse({ intent: "proof-changes", version: "1", comment: "a\u0000b" }).success,
    ).toBe(false);
    expect(
      proofAnswerSchema.parse({ intent: "proof-changes", version: "2", comment: " Bigger\nplease " }),
    ).toEqual({ intent: "proof-changes", version: 2, comment: "Bigger\nplease" });
    expect(proofAnswerSchema.safeParse({ intent: "proof-approve", version: "0" }).success).toBe(false);
  });
});

describe("the proof e-mail", () => {
  it("carries the link and makes the shopper's text inert", async () => {
    const m = buildProofEmail(
      {
        orderRef: "CN12345678",
        customerName: "<b>Asha</b> http://evil.example",
        version: 2,
        message: "New <i>font</i>",
        orderUrl: "https://shop.example/orders/abc",
      },
      { name: "Neon", email: "hi@shop.example", phone: "+91 1", publicUrl: "https://shop.example" },
    );
    expect(m.subject).toContain("version 2");
    expect(emailText(m.content)).toContain("https://shop.example/orders/abc");
    expect(emailText(m.content)).toContain("http:\u2060/\u2060/evil\u2024example");
    const html = await renderEmailHtml(m.content);
    expect(html).not.toContain("<b>Asha");
    expect(html).not.toContain("<i>font");
  });
});
