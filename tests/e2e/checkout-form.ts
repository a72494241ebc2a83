import { expect, type Page } from "@playwright/test";
import { productLine } from "../support/cart-lines";

export type ShopperDetails = {
  name: string;
  phone: string;
  email: string;
  address1: string;
  city: string;
  state: string;
  pincode: string;
};

export const ASHA: ShopperDetails = {
  name: "Asha Verma",
  phone: "+91 98765 43210",
  email: "asha@example.in",
  address1: "12 MG Road",
  city: "New Delhi",
  state: "Delhi",
  pincode: "110001",
};

/** Fill the checkout's customer and delivery cards as a shopper would (labels are the spec's). */
export async function fillCheckoutForm(page: Page, details: Partial<ShopperDetails> = {}) {
  const d = { ...ASHA, ...details };
  await page.getByLabel("Full Name").fill(d.name);
  await page.getByLabel("Phone Number").fill(d.phone);
  await page.getByLabel("Email Address").fill(d.email);
  await page.getByLabel("Address Line 1").fill(d.address1);
  await page.getByLabel("City").fill(d.city);
  await page.getByLabel("State").selectOption({ label: d.state });
  await page.getByLabel("PIN Code").fill(d.pincode);
}

/**
 * A line of this product as the shop's cart keeps it: medium, without dimmer, blue unless `color` says
 * otherwise. The price is the browser's claim (1 unless given): the server prices every line again.
 */
export function cartLine(
  product: { id: string; name: string },
  o: { quantity?: number; price?: number; color?: string } = {},
) {
  const color = o.color ?? "Blue";
  return productLine(
    product.id,
    {
      id: `${product.id}-M-${color}-false-${Date.now()}`,
      name: product.name,
      price: o.price ?? 1,
      image: "/placeholder.svg",
      quantity: o.quantity ?? 1,
    },
    { color },
  );
}

/**
 * Put these lines in the cart as the cart store keeps them (localStorage of the shop at `shopUrl`), with
 * nothing left of an earlier order (its details and the tab's session storage).
 */
export async function fillCart(page: Page, items: unknown[], shopUrl = "") {
  await page.goto(`${shopUrl}/`);
  await page.evaluate((v) => {
    localStorage.setItem("neon-cart", v);
    localStorage.removeItem("lastOrderDetails");
    sessionStorage.clear();
  }, JSON.stringify(items));
}

/**
 * Check the cart out as a shopper: the form filled with `details` (then whatever `more` does), cash on
 * delivery, Place Order. Resolves on the confirmation page with the order's display id ("NL1A2B3C4D").
 */
export async function checkoutCod(
  page: Page,
  details: Partial<ShopperDetails> = {},
  more?: () => Promise<void>,
): Promise<string> {
  await page.goto("/checkout");
  await fillCheckoutForm(page, details);
  await more?.();
  await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=NL[0-9A-F]{8}$/);
  return new URL(page.url()).searchParams.get("orderId")!;
}
