import { TAX_RECORD_YEARS, type PrivacySettings } from "~/features/settings/privacy-settings";

/*
 * The privacy notice (issue 32, decision 042), itemised from what this shop actually runs: each kind of
 * personal data with why it is collected, how long it is kept and with whom it is shared. A service that is
 * off (no WhatsApp API, no Razorpay keys, no courier API) is not named as a recipient; the periods are the
 * owner's retention settings. Shown on the privacy policy page; the points of collection link to it.
 */

export type NoticeFacts = {
  whatsapp: boolean;
  /** Online payments: Razorpay, the built-in test gateway (a demo: no real money), or none (cash on delivery). */
  payments: "razorpay" | "test" | "off";
  courier: "shiprocket" | "manual";
  smtp: boolean;
  cloudStorage: boolean;
  retention: PrivacySettings;
  dataContact: string;
  grievance: { name: string; email: string; phone: string };
  /** Cart reminders (issue 30) when the owner turned them on: how long a saved cart is kept; absent or null: off. */
  cartReminders?: { keepDays: number; whatsapp: boolean } | null;
};

export type NoticeItem = { what: string; why: string; howLong: string; sharedWith: string };

const days = (n: number) => (n % 365 === 0 ? `${n / 365} year${n === 365 ? "" : "s"}` : `${n} days`);
const TAX = `${TAX_RECORD_YEARS} years after the financial year of the sale (GST law: CGST Act section 36 and rule 56)`;

export function privacyNotice(f: NoticeFacts): NoticeItem[] {
  const mail = f.smtp
    ? "our e-mail provider, to deliver our e-mails"
    : "nobody (our e-mails are sent from our own server)";
  const couriers =
    f.courier === "shiprocket"
      ? "Shiprocket and the courier it books, to deliver your parcel"
      : "the courier company we book, to deliver your parcel";
  const storage = f.cloudStorage ? "; pictures are stored with our cloud storage provider" : "";
  const items: NoticeItem[] = [
    {
      what: "Your name, e-mail, phone number and delivery address (and a business's GSTIN and name, if given)",
      why: "To make and deliver your order, call you to confirm it, send order e-mails and issue your GST invoice",
      howLong: `Orders that were sales and their invoices: ${TAX}. Online attempts never paid: ${days(f.retention.abandonedDays)}, then the contact and address are removed`,
      sharedWith: [couriers, f.payments === "razorpay" ? "Razorpay, to take online payments" : null, mail]
        .filter(Boolean)
        .join("; "),
    },
    {
      what: "What you ordered: the sign, custom text, font, colour, size, preview, and a wall photo if you attach one",
      why: "To make the sign you designed and show you proofs",
      howLong: `${TAX}; a wall photo is deleted when you erase your data`,
      sharedWith: `Nobody outside the shop${storage}`,
    },
    {
      what: "Payment confirmations (the payment's id and status; never your card, UPI or bank details)",
      why: "To know an order is paid and to refund it",
      howLong: TAX,
      sharedWith:
        f.payments === "razorpay"
          ? "Razorpay, which takes the payment on its own secure page"
          : f.payments === "test"
            ? "Nobody: online payments are test payments (no real money) in this demo shop"
            : "Nobody: we take cash on delivery only",
    },
  ];
  if (f.whatsapp)
    items.push({
      what: "Your phone number for WhatsApp order updates, only if you tick the box at checkout",
      why: "To send you order updates on WhatsApp",
      howLong: "Until you withdraw it on My data, or the order is erased",
      sharedWith: "Meta (WhatsApp Business), which delivers the messages",
    });
  if (f.cartReminders)
    items.push({
      what: "A cart you left at checkout, only if you tick “Remind me about this cart”: your e-mail (and phone, for WhatsApp if you ticked WhatsApp updates), your name, the cart's lines and designs, when you ticked it and your network's address",
      why: "To send you at most two reminders with a link back to the same cart; the network's address only to spot abuse",
      howLong: `${days(f.cartReminders.keepDays)} after your last change at checkout, or until you unsubscribe (one click in each reminder), untick the box or erase your data; after an unsubscribe we keep only a one-way hash of the contact, so we never remind it again`,
      sharedWith: [f.cartReminders.whatsapp ? "Meta (WhatsApp Business), for WhatsApp reminders" : null, mail]
        .filter(Boolean)
        .join("; "),
    });
  items.push(
    {
      what: "Your reviews, their photos and the first name and initial shown with them",
      why: "To show buyers' opinions of our signs; photos appear in “Customer photos” only if you allow it",
      howLong: "Until you delete them (erase your data) or withdraw the photos on My data",
      sharedWith: "Everyone who visits the shop, once published",
    },
    {
      what: "Complaints to our grievance officer: your contact, words and photo",
      why: "To answer and resolve your complaint as the Consumer Protection (E-Commerce) Rules, 2020 require",
      howLong: `${days(f.retention.grievanceDays)} after the complaint is resolved`,
      sharedWith: `Nobody outside the shop${storage}`,
    },
    {
      what: "Logo quote requests: your contact, logo and notes",
      why: "To price your logo sign",
      howLong: `${days(f.retention.quoteDays)} if never ordered; with the order if ordered`,
      sharedWith: `Nobody outside the shop${storage}`,
    },
    {
      what: "Your network address (IP) with checkouts, complaints and quotes, and on My data requests",
      why: "To stop abuse: limits on orders and requests per network",
      howLong: `With the record it belongs to; My data requests: ${days(f.retention.dataRequestDays)}`,
      sharedWith: "Nobody",
    },
    {
      what: "Copies of the e-mails we send you",
      why: "To check what was sent when something goes wrong",
      howLong: f.smtp ? "Kept by our e-mail provider by its own terms" : days(f.retention.outboxDays),
      sharedWith: mail,
    },
  );
  return items;
}

/** The notice's closing words: the rights and whom to ask. */
export function noticeContact(f: Pick<NoticeFacts, "dataContact" | "grievance">): string[] {
  return [
    "You can see, download, correct and erase your data, and withdraw any consent, yourself on the My data page (we send a one-time code to the e-mail you ordered with).",
    `Questions about your data: ${f.dataContact}. Grievance Officer: ${f.grievance.name}, ${f.grievance.email}, ${f.grievance.phone}.`,
  ];
}
