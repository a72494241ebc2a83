import { describe, expect, it } from "vitest";
import { emailText } from "~/shared/email-content";
import { renderEmailHtml } from "~/platform/mail/branded-email.server";
import { buildStatusEmail, isEmailedStatus } from "./order-status-email";

const store = {
  name: "Neon Lights",
  email: "hello@example.com",
  phone: "+91 98765 43210",
  publicUrl: "https://shop.example",
};
const id = "1a2b3c4d-5e6f-4a1b-8c2d-0123456789ab";

describe("status e-mails", () => {
  it("are sent for confirmed, dispatched, delivered and returned (RTO) only", () => {
    expect(
      ["pending", "confirmed", "in_production", "dispatched", "delivered", "cancelled", "rto"].filter(
        isEmailedStatus,
      ),
    ).toEqual(["confirmed", "dispatched", "delivered", "rto"]);
  });

  it("tell the shopper an RTO order came back, why, and what to do; a refund only when paid online", () => {
    const cod = buildStatusEmail(
      { kind: "order", id, status: "rto", customerName: "Priya", rtoReason: "unreachable", items: [] },
      store,
    );
    expect(cod.subject).toBe("Your Neon Lights order NL1A2B3C4D could not be delivered");
    expect(emailText(cod.content)).toContain("The courier could not reach you on your phone to deliver it.");
    expect(emailText(cod.content)).toContain("reply to this e-mail or call us to arrange a new delivery");
    expect(emailText(cod.content)).not.toContain("refund");
    const paid = buildStatusEmail(
      { kind: "custom", id, status: "rto", customerName: "R", paidOnline: true, items: [] },
      store,
    );
    expect(emailText(paid.content)).toContain("The courier could not complete the delivery.");
    expect(emailText(paid.content)).toContain("we will refund it");
  });

  it("give the courier and tracking number on dispatch", () => {
    const m = buildStatusEmail(
      {
        kind: "order",
        id,
        status: "dispatched",
        customerName: "Priya",
        courier: "Blue Dart",
        trackingNumber: "BD123",
        items: ["Love Neon x 1"],
      },
      store,
    );
    expect(m.subject).toBe("Your Neon Lights order NL1A2B3C4D is on its way");
    expect(emailText(m.content)).toContain("Courier: Blue Dart");
    expect(emailText(m.content)).toContain("Tracking number: BD123");
    expect(emailText(m.content)).toContain("- Love Neon x 1");
  });

  it("name custom orders by their 8-character id and mark test orders", () => {
    const m = buildStatusEmail(
      { kind: "custom", id, status: "confirmed", customerName: "Rahul", isTest: true, items: [] },
      store,
    );
    expect(m.subject).toBe("[TEST] Order 1A2B3C4D confirmed: your sign goes into production");
    // The delivery window is the one given (the order's, or the settings'), never a fixed figure.
    const dated = buildStatusEmail(
      {
        kind: "custom",
        id,
        status: "confirmed",
        customerName: "R",
        items: [],
        delivery: "10-17 business days",
      },
      store,
    );
    expect(emailText(dated.content)).toContain(
      "Delivery usually takes 10-17 business days after confirmation.",
    );
    expect(
      buildStatusEmail({ kind: "custom", id, status: "delivered", customerName: "R", items: [] }, store)
        .subject,
    ).toContain("has been delivered");
  });

  it("escape what the shopper typed in the HTML part, and end with a button to the order page", async () => {
    const m = buildStatusEmail(
      {
        kind: "order",
        id,
        status: "confirmed",
        customerName: "<b>x</b>",
        items: ['Custom Neon: "<script>"'],
        orderUrl: "https://shop.example/orders/tok",
        documentWord: "invoice",
      },
      store,
    );
    const html = await renderEmailHtml(m.content);
    expect(html).not.toContain("<b>x</b>");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).toMatch(
      /<a href="https:\/\/shop\.example\/orders\/tok"[^>]*>[\s\S]*View your order, tracking and invoice/,
    );
    expect(html).toContain('src="https://shop.example/email-logo.png"');
    expect(emailText(m.content)).toContain(
      "View your order, tracking and invoice: https://shop.example/orders/tok",
    );
  });

  it("name the document the order page will hold: a bill of supply, or none (issue 27)", () => {
    const input = {
      kind: "order" as const,
      id,
      status: "dispatched" as const,
      customerName: "Priya",
      items: [],
      orderUrl: "https://shop.example/orders/tok",
    };
    const bill = emailText(buildStatusEmail({ ...input, documentWord: "bill of supply" }, store).content);
    expect(bill).toContain("View your order, tracking and bill of supply: https://shop.example/orders/tok");
    const none = emailText(buildStatusEmail({ ...input, documentWord: null }, store).content);
    expect(none).toContain("View your order and tracking: https://shop.example/orders/tok");
    expect(none).not.toContain("invoice");
  });
});
