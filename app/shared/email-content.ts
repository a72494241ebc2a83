/*
 * What an e-mail says, as data: one shape for every mail the shop sends (to shoppers and to its own staff).
 * The builders in the features fill it with plain text (shopper text already made inert where a stranger could
 * use the shop to mail someone else: app/shared/mail-safety.ts); the one branded template
 * (app/platform/mail/branded-email.server.tsx) turns it into HTML, and emailText() below into the plain-text
 * part. Nothing here is HTML: the template escapes every string.
 */

export type EmailBlock =
  | { kind: "paragraph"; text: string }
  /** Short lines kept together (an address, a few facts), one per line. */
  | { kind: "lines"; lines: string[] }
  | { kind: "heading"; text: string }
  | { kind: "list"; items: string[]; ordered?: boolean }
  /** The order's lines: name, details under it, quantity and amount (already formatted). */
  | { kind: "items"; rows: { name: string; details?: string; quantity: number; amount: string }[] }
  /** The one clear call to action (the order page), drawn as a button. */
  | { kind: "button"; url: string; label: string }
  /** A plain link, for a second destination. */
  | { kind: "link"; url: string; label: string };

export type EmailShop = {
  name: string;
  publicUrl: string;
  phone?: string;
  email?: string;
};

export type EmailContent = {
  /** The line a mail client shows after the subject. */
  preview?: string;
  /** "Hi Asha," (already inert), or none for the shop's own notices. */
  greeting?: string;
  blocks: EmailBlock[];
  /** Who to ask: "Questions? Call … or write to …" at the end of a shopper's mail. */
  questions?: boolean;
  shop: EmailShop;
};

/** The plain-text part of an e-mail: the same words as the HTML, links written out. */
export function emailText(c: EmailContent): string {
  const out: string[] = [];
  if (c.greeting) out.push(c.greeting, "");
  for (const b of c.blocks) {
    switch (b.kind) {
      case "paragraph":
        out.push(b.text, "");
        break;
      case "lines":
        out.push(...b.lines, "");
        break;
      case "heading":
        out.push(b.text, "");
        break;
      case "list":
        out.push(...b.items.map((i, n) => (b.ordered ? `${n + 1}. ${i}` : `- ${i}`)), "");
        break;
      case "items":
        out.push(
          ...b.rows.map(
            (r) => `- ${r.name}${r.details ? ` (${r.details})` : ""} x ${r.quantity}: ${r.amount}`,
          ),
          "",
        );
        break;
      case "button":
      case "link":
        out.push(`${b.label}: ${b.url}`, "");
        break;
    }
  }
  if (c.questions && c.shop.phone && c.shop.email) {
    out.push(`Questions? Call ${c.shop.phone} or write to ${c.shop.email}.`, "");
  }
  out.push(c.shop.name, c.shop.publicUrl);
  return out.join("\n");
}

/** Every visible string of an e-mail, for tests and checks (what a reader sees, in order). */
export function emailStrings(c: EmailContent): string[] {
  return [
    ...(c.greeting ? [c.greeting] : []),
    ...c.blocks.flatMap((b) => {
      switch (b.kind) {
        case "paragraph":
        case "heading":
          return [b.text];
        case "lines":
          return b.lines;
        case "list":
          return b.items;
        case "items":
          return b.rows.flatMap((r) => [r.name, r.details ?? "", r.amount]);
        case "button":
        case "link":
          return [b.label, b.url];
      }
    }),
  ];
}
