import type { Page } from "@playwright/test";
import { outbox } from "../support/outbox";
import { cartLine, checkoutCod, fillCart } from "./checkout-form";
import { courier, e2eDataDir as dataDir, expect, openOrder, setStatus, shopProduct, test } from "./fixtures";

// Issue 16: a shopper ticks "Send me order updates on WhatsApp" at checkout; staff confirm and dispatch the
// order; with no WhatsApp account configured (the e2e shop), each message is in the outbox as the Cloud API
// request body, with the tracking number and the link to the shopper's order page.

test.use({
  adminCredentials: { email: "whatsapp-admin@neonlights.in", password: "green ticks on every order" },
});
const PHONE = `8${String(Date.now()).slice(-9)}`;

// A product no other spec orders, so its stock changes disturb none of them (specs run in parallel).
const { product, query } = shopProduct("where name = 'Stay Wild Neon Sign'");

async function checkout(page: Page, tick: boolean, phone: string) {
  await fillCart(page, [cartLine(product, { price: product.medium_price, color: "Pink" })]);
  const details = {
    name: "Kavya Iyer",
    phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
    email: `kavya.${phone}@example.in`,
  };
  const displayId = await checkoutCod(page, details, async () => {
    const consent = page.getByRole("checkbox", { name: "Send me order updates on WhatsApp" });
    await expect(consent).not.toBeChecked();
    if (tick) await consent.check();
  });
  const r = await query(
    "select id, access_token, whatsapp_updates from orders where customer_phone = $1 order by created_at desc limit 1",
    [`+91${phone}`],
  );
  return { displayId, ...(r.rows[0] as { id: string; access_token: string; whatsapp_updates: boolean }) };
}

type WhatsAppMessage = {
  to: string;
  template: { name: string; components: { parameters: { text: string }[] }[] };
};
/** An order event's WhatsApp message as the shop wrote it to the outbox (undefined while there is none). */
const whatsapp = (event: string, orderId: string) =>
  outbox(dataDir).messages(`whatsapp-order-${event}-${orderId}.json`)[0] as WhatsAppMessage | undefined;

test("a shopper who ticks the box gets placed, confirmed and dispatched messages with tracking and the order link", async ({
  page,
  signInAdmin,
}) => {
  const order = await checkout(page, true, PHONE);
  expect(order.whatsapp_updates).toBe(true);

  await signInAdmin();
  const dialog = await openOrder(page, order.displayId, { search: PHONE });
  const customer = dialog.getByRole("region", { name: "Customer Information" });
  await expect(customer).toContainText("WhatsApp updates");
  await expect(customer).toContainText("Yes (asked for at checkout)");
  await setStatus(page, "Confirmed");
  await setStatus(page, "In Production");
  await setStatus(page, "Dispatched", { fill: courier("Blue Dart", "BD5566778899") });

  await expect.poll(() => whatsapp("dispatched", order.id), { timeout: 15_000 }).toBeDefined();
  const link = new RegExp(`^https?://[^/]+/orders/${order.access_token}$`);
  const read = (event: string) => whatsapp(event, order.id)!;
  const texts = (event: string) => read(event).template.components[0]!.parameters.map((p) => p.text);
  for (const event of ["placed", "confirmed", "dispatched"]) {
    expect(read(event).to).toBe(`91${PHONE}`);
    expect(read(event).template.name).toBe(`order_${event}`);
  }
  expect(texts("placed").slice(0, 2)).toEqual(["Kavya", order.displayId]);
  expect(texts("placed")[2]).toMatch(link);
  expect(texts("dispatched").slice(0, 4)).toEqual(["Kavya", order.displayId, "Blue Dart", "BD5566778899"]);
  expect(texts("dispatched")[4]).toMatch(link);
  // The staff see what became of each message.
  await page.reload();
  await expect(customer).toContainText("Dispatched: sent");
  expect(whatsapp("delivered", order.id)).toBeUndefined();

  // (Renaming templates on /admin/settings is covered by the integration tests: a save here would reload the
  // settings form another spec is editing at the same time.)
  await setStatus(page, "Delivered");
  await expect.poll(() => whatsapp("delivered", order.id), { timeout: 15_000 }).toBeDefined();
  expect(read("delivered").template.name).toBe("order_delivered");
  expect(texts("delivered")[2]).toMatch(link);
});

test("a shopper who leaves the box unticked gets no WhatsApp message", async ({ page }) => {
  const phone = `7${String(Date.now()).slice(-9)}`;
  const order = await checkout(page, false, phone);
  expect(order.whatsapp_updates).toBe(false);
  // The order's e-mails are written by the same workers: once the confirmation is there, nothing else is coming.
  await expect
    .poll(
      () =>
        outbox(dataDir)
          .rawMails()
          .some((m) => m.includes(`kavya.${phone}@`)),
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(whatsapp("placed", order.id)).toBeUndefined();
  const queued = await query("select dedupe_key from message_deliveries where dedupe_key like $1", [
    `whatsapp-%${order.id}`,
  ]);
  expect(queued.rows).toEqual([]);
});
