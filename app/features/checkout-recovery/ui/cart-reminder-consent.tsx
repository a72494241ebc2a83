import { useEffect, useRef, useState } from "react";
import type { CartItem } from "~/features/cart/cart";
import type * as SaverModule from "~/features/checkout-recovery/ui/remember-cart";

type Saver = typeof SaverModule;
let saver: Promise<Saver> | null = null;
const loadSaver = () => (saver ??= import("~/features/checkout-recovery/ui/remember-cart"));

/**
 * "Remind me about this cart" (issue 30, decision 045): unticked by default, separate from order updates. Ticked
 * with a valid e-mail, the checkout is saved for at most two reminders (debounced: a second after the shopper
 * stops typing); unticked, it is forgotten. The saving code loads on the first tick.
 */
export function CartReminderConsent({
  contact,
  items,
}: {
  contact: { email: string; phone: string };
  items: readonly CartItem[];
}) {
  const [ticked, setTicked] = useState(false);
  const [edits, setEdits] = useState(0);
  // Ticked at least once on this visit: unticking then forgets the saved checkout.
  const saved = useRef(false);
  const box = useRef<HTMLDivElement>(null);

  // The name and the WhatsApp box are read from the checkout's form when saving; a change there saves again.
  useEffect(() => {
    const form = box.current?.closest("form");
    if (!form || !ticked) return;
    const bump = (e: Event) => {
      const name = (e.target as HTMLInputElement).name;
      if (name === "name" || name === "whatsappUpdates") setEdits((n) => n + 1);
    };
    form.addEventListener("change", bump);
    return () => form.removeEventListener("change", bump);
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
    if (!contact.email || items.length === 0) return;
    const timer = window.setTimeout(() => {
      const form = box.current?.closest("form");
      const f = form ? new FormData(form) : null;
      void loadSaver().then((m) =>
        m.saveForReminders({
          name: String(f?.get("name") ?? "").trim(),
          email: contact.email,
          phone: contact.phone,
          whatsapp: f?.get("whatsappUpdates") === "on",
          items,
        }),
      );
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [ticked, contact.email, contact.phone, items, edits]);

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
