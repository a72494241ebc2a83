import { useEffect, useRef, useState } from "react";
import { useCart } from "~/features/cart/ui/cart-store";
import type * as SaverModule from "~/features/checkout/ui/remember-cart";

type Saver = typeof SaverModule;
let saver: Promise<Saver> | null = null;
const loadSaver = () => (saver ??= import("~/features/checkout/ui/remember-cart"));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Contact = { name: string; email: string; phone: string; whatsapp: boolean };

/** The checkout form's contact as typed (the server checks and normalises it again). */
function readContact(form: HTMLFormElement): Contact {
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? "").trim();
  return {
    name: text("name"),
    email: EMAIL.test(text("email")) ? text("email") : "",
    phone: text("phone"),
    whatsapp: f.get("whatsappUpdates") === "on",
  };
}

/**
 * "Remind me about this cart" (issue 30, decision 045): unticked by default, separate from order updates, inside
 * the checkout's form but without a name (the order never carries it). Ticked with a valid e-mail, the checkout
 * is saved for at most two reminders, a second after the shopper stops typing; unticked, it is forgotten. The
 * saving code loads on the first tick; the cart and the contact are read from the cart store and the form.
 */
export function CartReminderConsent() {
  const { items } = useCart();
  const [ticked, setTicked] = useState(false);
  const [contact, setContact] = useState<Contact | null>(null);
  // Ticked at least once on this visit: unticking then forgets the saved checkout.
  const saved = useRef(false);
  const box = useRef<HTMLDivElement>(null);

  // While ticked, the form's contact fields (and the WhatsApp box) are followed as the shopper types.
  useEffect(() => {
    const form = box.current?.closest("form");
    if (!form || !ticked) return;
    const read = () => {
      const next = readContact(form);
      // Only a change of the contact saves again (typing the address does not).
      setContact((c) =>
        c &&
        c.name === next.name &&
        c.email === next.email &&
        c.phone === next.phone &&
        c.whatsapp === next.whatsapp
          ? c
          : next,
      );
    };
    read();
    form.addEventListener("input", read);
    form.addEventListener("change", read);
    return () => {
      form.removeEventListener("input", read);
      form.removeEventListener("change", read);
    };
  }, [ticked]);

  useEffect(() => {
    if (!ticked) {
      if (saved.current) {
        saved.current = false;
        void loadSaver().then((m) => m.forgetForReminders());
      }
      return;
    }
    saved.current = true;
    if (!contact?.email || items.length === 0) return;
    const timer = window.setTimeout(() => {
      void loadSaver().then((m) => m.saveForReminders({ ...contact, items }));
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [ticked, contact, items]);

  return (
    <div ref={box} className="flex items-start gap-2 sm:col-span-2">
      <input
        id="co-cartReminders"
        type="checkbox"
        checked={ticked}
        onChange={(e) => setTicked(e.target.checked)}
        aria-describedby="co-cartReminders-help"
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <div className="grid gap-0.5">
        <label htmlFor="co-cartReminders" className="text-sm font-medium leading-snug">
          Remind me about this cart by e-mail (and WhatsApp if I opted in) if I don&apos;t finish
        </label>
        <p id="co-cartReminders-help" className="text-xs text-muted-foreground">
          At most two reminders, with a link back to this cart. Unsubscribe in one click, or untick this box.
        </p>
      </div>
    </div>
  );
}
