import { inertText } from "~/shared/mail-safety";
import type { EmailBlock, EmailContent } from "~/shared/email-content";
import type { StoreSettings } from "~/features/settings/store";

/** What a shopper's e-mail names of the shop: its name, address, phone and mailbox. */
export type EmailStore = Pick<StoreSettings, "name" | "email" | "phone" | "publicUrl">;

/** Subject and content of one e-mail; the branded template draws the content (decision 037). */
export type BuiltEmail = { subject: string; content: EmailContent };

/**
 * The frame of every e-mail to a shopper: "Hi <name>," (the shopper's own text, inert: app/shared/mail-safety.ts),
 * the body's blocks, who to ask, and the shop's signature.
 */
export function shopperEmail(
  store: EmailStore,
  customerName: string,
  blocks: EmailBlock[],
  preview?: string,
): EmailContent {
  return {
    ...(preview ? { preview } : {}),
    greeting: `Hi ${inertText(customerName)},`,
    blocks,
    questions: true,
    shop: { name: store.name, publicUrl: store.publicUrl, phone: store.phone, email: store.email },
  };
}

/** The shop's own notice to its staff: no greeting, nothing inert that staff must copy. */
export function shopNotice(
  store: Pick<EmailStore, "name" | "publicUrl">,
  blocks: EmailBlock[],
): EmailContent {
  return { blocks, shop: { name: store.name, publicUrl: store.publicUrl } };
}

/** Paragraphs of plain text as blocks. */
export const paragraphs = (lines: readonly string[]): EmailBlock[] =>
  lines.map((text) => ({ kind: "paragraph", text }));
