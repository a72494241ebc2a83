import fs from "node:fs";
import * as OTPAuth from "otpauth";
import type { Page } from "@playwright/test";
import { displayOrderId } from "~/features/order-lifecycle/order-status";
import { outbox } from "../support/outbox";
import { courier, e2eDataDir, expect, openOrder, setStatus, shopDatabase, test } from "./fixtures";
import { allow } from "./time-allowed";

// Staff accounts (issue 31): the owner invites an Operations member by e-mail; the member sets a password
// and an authenticator (the shop's policy asks it of Operations here), ships an order, and cannot refund
// (no refund form, and the refund page answers 403); the owner sees both in the audit trail.

test.use({
  adminCredentials: { email: "staff-roles-owner@neonlights.in", password: "owners keep the keys safe" },
});

const SHOTS = "/tmp/shots-staff-roles";
const OPS = `ops.${Date.now()}@neonlights.in`;
const query = shopDatabase();

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the owner invites an Operations member who sets up a code, ships an order, cannot refund; the audit trail shows it", async ({
  page,
  browser,
  signInAdmin,
}) => {
  test.setTimeout(allow(180_000));
  const order = (
    await query(
      `insert into orders (customer_name, customer_email, customer_phone, shipping_address, subtotal, total_amount, payment_method, status)
       values ('Staff Roles Shopper', 'roles@example.in', '+919812300000', '{"address1":"5 Hill Road","city":"Mumbai","state":"maharashtra","pincode":"400050"}', 1999, 1999, 'cod', 'in_production')
       returning id`,
    )
  ).rows[0]!.id as string;
  const orderNo = displayOrderId(order);

  // The owner asks Operations for a second factor, and invites the member.
  await signInAdmin();
  await page.goto("/admin/staff");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const policy = page.getByRole("group", { name: "Roles that must use a second factor to sign in" });
  for (const role of ["Owner", "Catalogue", "Accounts"]) await policy.getByLabel(role).uncheck();
  await policy.getByLabel("Operations").check();
  await page.getByRole("button", { name: "Save policy" }).click();
  await expect(page.getByText("Staff policy saved.").first()).toBeVisible();
  await page.getByLabel("E-mail").fill(OPS);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: "Operations" });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${OPS}.`).first()).toBeVisible();
  await expect(page.getByText(`${OPS} · Operations`)).toBeVisible();
  await shoot(page, "staff");

  let link = "";
  await expect
    .poll(() => {
      const mail = outbox(e2eDataDir)
        .rawMails()
        .map((m) => m.replace(/=\r?\n/g, ""))
        .find((m) => m.includes(OPS) && m.includes("/admin/invite/"));
      link = /https?:\/\/[^\s"<>]+\/admin\/invite\/[A-Za-z0-9_-]{43}/.exec(mail ?? "")?.[0] ?? "";
      return link;
    })
    .not.toBe("");

  // The member: the link, a password, then the authenticator (its code computed here, as an app would).
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ops = await context.newPage();
  await ops.goto(new URL(link).pathname);
  await expect(ops.getByRole("heading", { name: "Join the staff" })).toBeVisible();
  await shoot(ops, "invite");
  await ops.getByLabel("New password").fill("operations ship every day");
  await ops.getByLabel("Password again").fill("operations ship every day");
  await ops.getByRole("button", { name: "Set password and continue" }).click();
  await expect(ops.getByRole("heading", { name: "Set up your authenticator" })).toBeVisible();
  await shoot(ops, "enrol");
  const secret = (await ops.getByTestId("totp-secret").textContent())!.trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  await ops.getByLabel("Code from the app").fill(totp.generate());
  await ops.getByRole("button", { name: "Turn on" }).click();
  await expect(ops.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
  await shoot(ops, "backup-codes");
  await ops.getByRole("button", { name: /I have saved my backup codes/ }).click();
  await expect(ops).toHaveURL(/\/admin\/purchases$/);

  // Operations' menu: orders and shipping, no dashboard, settings, staff or audit trail.
  const nav = ops.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Purchase Details" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Shipments" })).toBeVisible();
  for (const hidden of ["Dashboard", "Settings", "Staff", "Audit Trail", "Products"])
    await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);

  // Ships the order.
  const dialog = await openOrder(ops, orderNo);
  await setStatus(ops, "Dispatched", { fill: courier("Delhivery", "DLVROLES1") });
  // No refund form in the dialog, and the refund page refuses Operations.
  await expect(dialog.getByRole("button", { name: /Refund/ })).toHaveCount(0);
  const refund = await ops.request.get(`/admin/refund?kind=order&id=${order}`);
  expect(refund.status()).toBe(403);
  await ops.goto(`/admin/refund?kind=order&id=${order}`);
  await expect(ops.getByRole("heading", { name: "Not available to your role" })).toBeVisible();
  await ops.goto("/admin/security");
  await expect(ops.getByText("Authenticator app: on")).toBeVisible();
  await shoot(ops, "security");
  await context.close();

  // The owner's audit trail: the invitation, the member joining, and the order shipped by them.
  await page.goto(`/admin/audit?who=${encodeURIComponent(OPS)}`);
  const trail = page.getByRole("list", { name: "Audit trail" });
  await expect(trail.getByRole("listitem").filter({ hasText: "order · status" })).toContainText(order);
  await expect(trail.getByRole("listitem").filter({ hasText: "staff · join" })).toBeVisible();
  await expect(trail.getByRole("listitem").filter({ hasText: "order · status" })).toContainText(
    '"dispatched"',
  );
  await page.goto("/admin/audit?kind=staff");
  await expect(trail.getByRole("listitem").filter({ hasText: "staff · invite" }).first()).toContainText(OPS);
  await shoot(page, "audit");

  // Leave the policy as the other specs expect it (nobody asked for a second factor).
  await page.goto("/admin/staff");
  await page
    .getByRole("group", { name: "Roles that must use a second factor to sign in" })
    .getByLabel("Operations")
    .uncheck();
  await page.getByRole("button", { name: "Save policy" }).click();
  await expect(page.getByText("Staff policy saved.").first()).toBeVisible();
});
