import type { Page } from "@playwright/test";
import sharp from "sharp";
import { customLine } from "../support/cart-lines";
import { codCheckoutBody, postCheckout } from "./checkout-request";
import { expect, openOrder, setStatus, test } from "./fixtures";

// Proof approval for a custom order (issue 18): staff send a proof, the shopper asks for changes from the
// order page, a second proof is approved, and only then can staff put the order into production.

test.use({
  adminCredentials: { email: "proofs-admin@neonlights.in", password: "proofs glow before production" },
});

const PHONE = `7${String(Date.now()).slice(-9)}`;

/** A custom-sign COD order posted as the checkout page posts it; resolves with its order page path. */
async function placeCustomOrder(baseURL: string): Promise<{ displayId: string; path: string }> {
  const body = codCheckoutBody([customLine("Ritu Cafe")], {
    name: "Ritu Malhotra",
    phone: PHONE,
    email: `ritu.${PHONE}@example.in`,
    address1: "7 Lake View",
    city: "Pune",
    state: "maharashtra",
    pincode: "411001",
  });
  const placed = await postCheckout(baseURL, body);
  expect(placed.status).toBe(201);
  return placed.checkout!.orderPages[0]!;
}

const proofPicture = async (color: string, name: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 900, height: 500, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

async function sendProof(admin: Page, color: string, file: string, message: string) {
  const form = admin.getByRole("form", { name: "Send a design proof" });
  await form.getByLabel("Proof picture (PNG, JPEG or WebP)").setInputFiles(await proofPicture(color, file));
  await form.getByLabel("Message to the shopper").fill(message);
  await form.getByRole("button", { name: "Send Proof" }).click();
  await expect(admin.getByText("Proof sent").first()).toBeVisible();
}

test("a proof sent, changes requested, a second proof approved, production allowed only then", async ({
  browser,
  baseURL,
  newAdminPage,
}) => {
  const order = await placeCustomOrder(baseURL!);
  const admin = await newAdminPage();
  const dialog = await openOrder(admin, order.displayId, { kind: "custom", search: PHONE });
  const proofs = dialog.getByRole("region", { name: "Design Proofs" });
  await expect(proofs).toContainText("No proof sent yet.");
  await setStatus(admin, "Confirmed");

  // Without a proof, production is refused and the reason field says why.
  await setStatus(admin, "In Production", {
    refusedWith: /goes into production only after the shopper approves/,
  });

  await sendProof(admin, "#ff1493", "proof-1.png", "Pink letters on clear acrylic.");
  await expect(proofs).toContainText("Version 1: Waiting for the shopper");

  // The shopper, in a browser of their own, opens the link of the e-mail (their order page).
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shopper = await phone.newPage();
  await shopper.goto(order.path);
  const section = shopper.getByRole("heading", { name: "Your design proof" });
  await expect(section).toBeVisible();
  await expect(shopper.getByRole("img", { name: "Design proof, version 1" })).toBeVisible();
  await expect(shopper.getByText("Pink letters on clear acrylic.")).toBeVisible();
  await shopper.getByRole("button", { name: "Ask for changes" }).click();
  // An empty comment is refused by the browser's own check: nothing is sent.
  await expect(shopper.getByText("You asked for changes")).toHaveCount(0);
  await shopper.getByLabel("What should we change?").fill("Please make the letters bigger.");
  await shopper.getByRole("button", { name: "Ask for changes" }).click();
  await expect(shopper.getByText("You asked for changes")).toBeVisible();
  await expect(shopper.getByRole("button", { name: "Approve this design" })).toHaveCount(0);

  // Staff see the answer live; production is still refused.
  await expect(proofs).toContainText("Version 1: Changes requested");
  await expect(proofs).toContainText("Please make the letters bigger.");
  await setStatus(admin, "In Production", {
    refusedWith: /goes into production only after the shopper approves/,
  });

  await sendProof(admin, "#00e5ff", "proof-2.png", "Bigger letters, as asked.");
  await expect(proofs).toContainText("Version 2: Waiting for the shopper");

  await shopper.reload();
  await expect(shopper.getByRole("img", { name: "Design proof, version 2" })).toBeVisible();
  await shopper.screenshot({ path: "test-results/design-proof-390.png", fullPage: true });
  await shopper.getByRole("button", { name: "Approve this design" }).click();
  await expect(shopper.getByText("Thank you! We start making your sign now.")).toBeVisible();
  await shopper.setViewportSize({ width: 1280, height: 900 });
  await shopper.screenshot({ path: "test-results/design-proof-1280.png", fullPage: true });

  await expect(proofs).toContainText("Version 2: Approved by the shopper");
  await setStatus(admin, "In Production");
  await dialog.screenshot({ path: "test-results/design-proof-admin-1280.png" });
  await phone.close();
});
