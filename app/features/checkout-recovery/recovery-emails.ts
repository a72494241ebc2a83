import { inertText } from "~/shared/mail-safety";
import { formatRupees } from "~/shared/money";
import {
  describeCustomSign,
  describeProductConfig,
  lineSummary,
} from "~/features/sign-options/line-description";
import type { BuiltEmail, EmailStore } from "~/features/order-lifecycle/shopper-email";
import { shopperEmail } from "~/features/order-lifecycle/shopper-email";
import type { SavedLine } from "~/features/cart/saved-lines";

/*
 * The two cart reminders (issue 30, decision 045): what is in the cart (a custom sign's text, font, size and
 * colour, all shopper text made inert: a stranger cannot use the shop to mail links), the link that puts the same
 * cart back, and how to stop the reminders. The second may carry a single-use code.
 */

export type ReminderFacts = {
  customerName: string;
  lines: readonly SavedLine[];
  restoreUrl: string;
  unsubscribeUrl: string;
  /** The second reminder's code, its percent and last day ("4 December"); null: none. */
  code: { code: string; percent: number; lastDay: string } | null;
};

/** A line's choices in words, as the checkout's summary says them ("Font: Dancing Script · Colour: …"). */
export function savedLineDetails(l: Pick<SavedLine, "customConfig" | "productConfig">): string {
  if (l.customConfig) return lineSummary(describeCustomSign(l.customConfig));
  return l.productConfig ? lineSummary(describeProductConfig(l.productConfig)) : "";
}

function lineDetails(l: SavedLine): string | undefined {
  const d = savedLineDetails(l);
  const text = l.customConfig ? `“${l.customConfig.text}” · ${d}` : d;
  return text ? inertText(text) : undefined;
}

export function buildReminderEmail(step: 1 | 2, f: ReminderFacts, store: EmailStore): BuiltEmail {
  const intro =
    step === 1
      ? "You left a few things in your cart. We kept it for you, exactly as you left it."
      : "Your cart is still waiting for you, custom designs and all.";
  const offer = f.code
    ? `Use the code ${f.code.code} for ${f.code.percent}% off this order. It works once, only for you, until ${f.code.lastDay}.`
    : null;
  const stop =
    step === 1
      ? "This is one of at most two reminders you asked for at checkout."
      : "This is the last reminder about this cart.";
  return {
    subject: step === 1 ? "You left something in your cart" : "Your cart is still waiting",
    content: shopperEmail(
      store,
      f.customerName || "there",
      [
        { kind: "paragraph", text: intro },
        {
          kind: "items",
          rows: f.lines.map((l) => ({
            name: inertText(l.name),
            details: lineDetails(l),
            quantity: l.quantity,
            amount: formatRupees(l.price * l.quantity),
          })),
        },
        ...(offer ? [{ kind: "paragraph" as const, text: offer }] : []),
        { kind: "button", url: f.restoreUrl, label: "Return to my cart" },
        { kind: "paragraph", text: `${stop} Prices are checked again when you order.` },
        { kind: "link", url: f.unsubscribeUrl, label: "Stop cart reminders" },
      ],
      intro,
    ),
  };
}
