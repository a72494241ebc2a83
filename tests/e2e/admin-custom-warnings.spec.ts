import { expect, test } from "./fixtures";
import { customLine } from "../support/cart-lines";
import { fillCart, fillCheckoutForm } from "./checkout-form";

// Issue 18: a borderline design is ordered with its "can we make it?" warning, which staff see in the
// custom order's details.
test.use({
  adminCredentials: { email: "warnings-admin@neonlights.in", password: "bend the glass with care" },
});
const PHONE = `8${String(Date.now()).slice(-9)}`;

test("staff see the borderline warning stored with a custom order", async ({ page, signInAdmin }) => {
  await fillCart(page, [customLine("YOUR TEXT", { size: "S" }, { image: "/placeholder.svg" })]);
  await page.goto("/checkout");
  await fillCheckoutForm(page, {
    name: "Ravi Kumar",
    phone: `+91 ${PHONE.slice(0, 5)} ${PHONE.slice(5)}`,
    email: `ravi.${PHONE}@example.in`,
  });
  await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=[0-9A-F]{8}$/);

  await signInAdmin();
  await page.goto(`/admin/custom-neon?q=${PHONE}`);
  await page.getByRole("link", { name: /View details of custom order/ }).click();
  const note = page.getByRole("dialog").getByRole("note", { name: "Workshop warnings" });
  await expect(note).toContainText("Check before making");
  // Measured on Orbitron's capitals (issue 44, decision 065).
  await expect(note).toContainText("The letters would be about 3.3 cm high at Small (30 cm)");
  await expect(note).toContainText("Choose Medium (50 cm) or larger");
});
