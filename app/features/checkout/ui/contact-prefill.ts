import { useEffect } from "react";

/*
 * A cart reminder's restore link puts back the contact the shopper typed beside the cart (issue 42): the restore
 * page keeps it in this tab's session storage, and the checkout fills its empty fields with it once.
 */

const KEY = "neon-checkout-contact";
type Contact = { name: string; phone: string; email: string };
const FIELDS = { name: "co-name", phone: "co-phone", email: "co-email" } as const;

export function keepContactForCheckout(contact: Contact): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(contact));
  } catch {
    /* storage blocked: the shopper types them again */
  }
}

/** Fills the checkout's empty name, phone and e-mail fields from a restored cart's contact (once). */
export function useContactPrefill(): void {
  useEffect(() => {
    let raw: string | null = null;
    try {
      raw = sessionStorage.getItem(KEY);
      sessionStorage.removeItem(KEY);
    } catch {
      return;
    }
    if (!raw) return;
    let contact: Partial<Contact>;
    try {
      contact = JSON.parse(raw) as Partial<Contact>;
    } catch {
      return;
    }
    for (const [field, id] of Object.entries(FIELDS) as [keyof Contact, string][]) {
      const input = document.getElementById(id);
      const value = contact[field];
      if (!(input instanceof HTMLInputElement) || input.value || typeof value !== "string" || !value)
        continue;
      // An Indian number is typed as its 10 digits; the saved one is +91…
      input.value = (field === "phone" ? value.replace(/^\+91(?=\d{10}$)/, "") : value).slice(0, 200);
      // The form's own listeners (its check, the saved checkout) see it as typed.
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }, []);
}
