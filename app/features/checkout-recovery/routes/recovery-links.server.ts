import { data } from "react-router";
import { okAnswer } from "~/shared/form-answer";
import { clientNetwork } from "~/platform/auth/auth.server";
import { formAction } from "~/platform/http/form-action.server";
import { retryAfter, tryConsume } from "~/platform/limits/rate-limit.server";
import { linkContact, restoreCheckout, unsubscribe } from "~/features/checkout-recovery/recovery.server";
import { savedToCartItems } from "~/features/cart/saved-lines";

/*
 * The cart reminders' two links (issue 30, decision 045), each counted per network (bounds guessing tokens): the
 * restore page and the unsubscribe page. The unsubscribe is a POST: the page's button, or a mail client's
 * RFC 8058 one-click POST ("List-Unsubscribe=One-Click") to the same address (no origin to check: it comes
 * from the mail provider); a GET only shows the button, since mail scanners follow links.
 */

async function counted(context: unknown) {
  const c = await tryConsume("recoveryLinkPerClient", clientNetwork(context));
  if (!c.ok) throw data(null, { status: 429, headers: retryAfter(c) });
}

export async function restoreLoader(token: string, context: unknown) {
  await counted(context);
  const saved = await restoreCheckout(token);
  if (!saved) throw data(null, { status: 404 });
  return { items: savedToCartItems(saved.lines), contact: saved.contact };
}

/** The masked mailbox the page names ("a•••@example.com"), or null when the link is unknown (already done). */
export async function unsubscribeLoader(token: string, context: unknown) {
  await counted(context);
  const c = await linkContact(token);
  if (!c) return { mailbox: null };
  const [local = "", domain = ""] = c.email.split("@");
  return { mailbox: `${local.slice(0, 1)}•••@${domain}` };
}

export const unsubscribeAction = formAction(
  { guard: "none", limit: "recoveryLinkPerClient", maxBytes: 1024 },
  async (_fields, { params }) => {
    await unsubscribe(params.token ?? "");
    // The same answer whether or not the link was still known: it is done either way.
    return okAnswer("You will get no more reminders about this cart, or any other.");
  },
);
