import type { EmailBlock } from "~/shared/email-content";
import {
  paragraphs,
  shopNotice,
  shopperEmail,
  type BuiltEmail,
  type EmailStore,
} from "~/features/order-lifecycle/shopper-email";
import { formatPhone } from "~/shared/phone-numbers";
import { categoryLabel } from "./grievances";

/*
 * The grievance desk's mails (decision 037: data drawn by the branded template). Mails to the shopper's
 * address carry no words the shopper typed but their name (made inert by shopperEmail: a stranger could aim
 * the form at someone else's mailbox); the notices to the shop's own staff write the shopper's words as typed.
 */

export type GrievanceMailFacts = {
  number: string;
  customerName: string;
  /** The ticket's private page, a fresh link. */
  url: string;
  /** "5 March at 2:05 pm": when each clock ends (IST). */
  acknowledgeBy: string;
  resolveBy: string;
  officer: { name: string; email: string; phone: string };
};

/** Staff's own words (a reply, a resolution): written as typed, line by line. */
const asLines = (text: string): EmailBlock => ({ kind: "lines", lines: text.split("\n") });

/** The shopper's receipt: the ticket number, what happens when, and the private link. */
export function buildReceivedEmail(f: GrievanceMailFacts, store: EmailStore): BuiltEmail {
  const lines = [
    `We have received your complaint. Your ticket number is ${f.number}.`,
    `Our grievance officer, ${f.officer.name}, will acknowledge it by ${f.acknowledgeBy} and resolve it by ${f.resolveBy} at the latest.`,
    "Follow your complaint, read our replies and write to us from its page:",
  ];
  return {
    subject: `Your complaint ${f.number} is registered`,
    content: shopperEmail(
      store,
      f.customerName,
      [
        ...paragraphs(lines),
        { kind: "button", url: f.url, label: `Open complaint ${f.number}` },
        {
          kind: "paragraph",
          text: `Grievance officer: ${f.officer.name}, ${f.officer.email}, ${formatPhone(f.officer.phone)}.`,
        },
      ],
      lines[0],
    ),
  };
}

/** Staff's reply to the shopper (it also shows on the ticket's page). */
export function buildReplyEmail(f: GrievanceMailFacts, body: string, store: EmailStore): BuiltEmail {
  return {
    subject: `Reply to your complaint ${f.number}`,
    content: shopperEmail(
      store,
      f.customerName,
      [
        { kind: "paragraph", text: `We have replied to your complaint ${f.number}:` },
        asLines(body),
        { kind: "button", url: f.url, label: "Reply or see your complaint" },
      ],
      `We have replied to your complaint ${f.number}.`,
    ),
  };
}

/** The resolution, and where to turn when the shopper is not satisfied. */
export function buildResolvedEmail(f: GrievanceMailFacts, resolution: string, store: EmailStore): BuiltEmail {
  return {
    subject: `Your complaint ${f.number} is resolved`,
    content: shopperEmail(
      store,
      f.customerName,
      [
        { kind: "paragraph", text: `We have resolved your complaint ${f.number}:` },
        asLines(resolution),
        {
          kind: "paragraph",
          text: "Not satisfied? Reply from your complaint's page and we reopen it. You may also approach the National Consumer Helpline (1915, consumerhelpline.gov.in).",
        },
        { kind: "button", url: f.url, label: "See your complaint" },
      ],
      `We have resolved your complaint ${f.number}.`,
    ),
  };
}

/** The shop's notice of a new complaint or a shopper's reply, to the grievance officer (or the assignee). */
export function buildStaffNotice(
  t: {
    number: string;
    customerName: string;
    customerEmail: string;
    customerPhone: string | null;
    category: string;
    order: string | null;
    text: string;
    adminUrl: string;
  },
  what: "new" | "reply",
  store: Pick<EmailStore, "name" | "publicUrl">,
): BuiltEmail {
  const who = `${t.customerName} (${[t.customerPhone && formatPhone(t.customerPhone), t.customerEmail].filter(Boolean).join(", ")})`;
  const intro =
    what === "new"
      ? `${who} raised complaint ${t.number}: ${categoryLabel(t.category)}${t.order ? `, about order ${t.order}` : ""}. Acknowledge it within 48 hours.`
      : `${who} replied on complaint ${t.number}:`;
  return {
    subject:
      what === "new"
        ? `New complaint ${t.number} (${categoryLabel(t.category)})`
        : `Reply on complaint ${t.number}`,
    content: shopNotice(store, [
      { kind: "paragraph", text: intro },
      { kind: "lines", lines: t.text.split("\n") },
      { kind: "button", url: t.adminUrl, label: `Open ${t.number}` },
    ]),
  };
}
