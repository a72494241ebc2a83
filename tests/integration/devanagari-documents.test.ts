import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { documentPdfForAdmin } from "~/features/invoices/invoice-requests.server";
import { changeOrderStatus } from "~/features/order-workflow/order-changes.server";
import type { Actor } from "~/features/order-lifecycle/order-history.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { db } from "~/platform/db/client.server";
import { customNeonOrders } from "~/features/order-lifecycle/tables.server";
import { invoices } from "~/features/invoices/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { gstinCheckCharacter } from "~/shared/gstin";
import { adminSession } from "../support/admin-session";
import { customLine } from "../support/checkout-fixtures";
import { NO_ORDER_LIMITS, placeCheckout } from "../support/orders";
import { emlPart, outbox } from "../support/outbox";
import { pdfActualTexts, pdfText } from "../support/pdf-text";
import { setupTestDatabase } from "../support/test-db";

/*
 * Issue 42: Hindi on every document. A custom sign "शुभ विवाह" and a buyer's name in Devanagari come out of the
 * order's e-mails (HTML and text) and its tax invoice and credit note (PDF) as typed, never as "?".
 */

const t = setupTestDatabase(NO_ORDER_LIMITS);
const mailbox = outbox(t.dataDir);
const SIGN = "शुभ विवाह";
const NAME = "प्रिया शर्मा";
let actor: Actor;
let orderId = "";

beforeAll(async () => {
  actor = (await adminSession("hindi-docs@example.com")).actor;
  const { settings, version } = await loadShopSettings();
  const gstin = "19ABCDE1234F1Z" + gstinCheckCharacter("19ABCDE1234F1Z");
  expect(
    (await saveShopSettings({ ...settings, legal: { ...settings.legal, gstin } }, actor, version)).ok,
  ).toBe(true);
  await runQueuedJobs();
  mailbox.clear();
  const placed = await placeCheckout([customLine(SIGN, { font: "baloo-2" })], {
    form: { name: NAME },
  });
  const [o] = await db()
    .select()
    .from(customNeonOrders)
    .where(eq(customNeonOrders.checkoutId, placed.checkoutId));
  orderId = o!.id;
  expect(o!.customText).toBe(SIGN);
  await runQueuedJobs();
});

/** A mail's raw text: what it says in Hindi is in its parts, encoded, not in the file as written. */
const shopperMail = () => mailbox.rawMails().find((m) => !/^To: hello@/m.test(m) && m.includes("Subject:"))!;

describe("Hindi on every document", () => {
  it("the order e-mail carries the sign's text and the name in UTF-8, HTML and text, with a Devanagari font", () => {
    const raw = shopperMail();
    expect(raw).toBeDefined();
    const html = emlPart(raw, "html");
    const text = emlPart(raw, "plain");
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/im);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    expect(html).toMatch(/<meta[^>]+charset=UTF-8/i);
    expect(html).toContain(SIGN);
    expect(html).toContain(NAME);
    expect(html).toMatch(/font-family:Arial, Helvetica, Noto Sans Devanagari, Nirmala UI, Mangal/);
    expect(text).toContain(SIGN);
    expect(text).toContain(NAME);
    expect(`${html}${text}`).not.toMatch(/\?{3}/);
  });

  it("the tax invoice and the credit note print them shaped, and read back as typed", async () => {
    await db()
      .update(customNeonOrders)
      .set({ status: "in_production" })
      .where(eq(customNeonOrders.id, orderId));
    const sent = await changeOrderStatus(
      { kind: "custom", id: orderId, to: "dispatched", courier: "Delhivery", trackingNumber: "TRKHINDI1" },
      actor,
    );
    expect(sent.ok && sent.invoice).toMatchObject({ title: "Tax Invoice" });
    const back = await changeOrderStatus(
      { kind: "custom", id: orderId, to: "rto", rtoReason: "refused" },
      actor,
    );
    expect(back.ok && back.creditNote).toBeTruthy();
    const docs = await db().select().from(invoices).where(eq(invoices.customOrderId, orderId));
    expect(docs.map((d) => d.kind).sort()).toEqual(["credit_note", "invoice"]);
    for (const d of docs) {
      const pdf = await documentPdfForAdmin(d.id);
      const text = await pdfText(pdf!.bytes);
      // pdf.js reads the glyphs in drawing order (the vowel sign ि before its consonant): every letter is there.
      expect(text).toContain("शुभ िववाह");
      expect(text).toContain("िप्रया शमार्");
      expect(text).not.toContain("?");
      // As typed, in the marked text that copying and search read.
      expect(pdfActualTexts(pdf!.bytes)).toEqual(expect.arrayContaining([SIGN, NAME]));
    }
  });
});
