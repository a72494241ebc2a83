import type { Page } from "@playwright/test";

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
