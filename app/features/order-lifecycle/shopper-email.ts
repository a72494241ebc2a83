import { escapeHtml, inertText, NO_AUTOLINK_HEAD } from "~/shared/mail-safety";
import type { StoreSettings } from "~/features/settings/store";

/** What a shopper's e-mail names of the shop: its name, address, phone and mailbox. */
export type EmailStore = Pick<StoreSettings, "name" | "email" | "phone" | "publicUrl">;

/**
 * The frame of every e-mail to a shopper: "Hi <name>," (the shopper's own text, inert in both parts:
 * app/shared/mail-safety.ts), the body, who to ask, and the shop's signature. `body.text` is the plain
 * text's lines (ending with a blank line), `body.html` the HTML paragraphs (already escaped).
 */
export function shopperEmail(
  store: EmailStore,
  customerName: string,
  body: { text: string[]; html: string },
) {
  const h = escapeHtml;
  const who = inertText(customerName);
  const text = [
    `Hi ${who},`,
    "",
    ...body.text,
    `Questions? Call ${store.phone} or write to ${store.email}.`,
    "",
    store.name,
    store.publicUrl,
  ].join("\n");
  const html = `<!doctype html><html><head>${NO_AUTOLINK_HEAD}</head><body style="font-family:Arial,sans-serif;color:#111">
<p>Hi ${h(who)},</p>
${body.html}
<p>Questions? Call ${h(store.phone)} or write to ${h(store.email)}.</p>
<p>${h(store.name)}<br>${h(store.publicUrl)}</p></body></html>`;
  return { text, html };
}

/** Paragraphs of plain text as HTML, one <p> each. */
export const htmlParagraphs = (lines: readonly string[]) =>
  lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n");
