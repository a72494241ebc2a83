/*
 * The complaint form's lists and limits, apart from its schema (grievances.ts): the pages show them without
 * loading zod or the checkout's rules.
 */

export const GRIEVANCE_CATEGORIES = [
  { id: "delivery", label: "Delivery or a late order" },
  { id: "damaged", label: "Damaged or faulty sign" },
  { id: "wrong-item", label: "Wrong or missing item" },
  { id: "refund", label: "Refund, return or cancellation" },
  { id: "payment", label: "Payment or invoice" },
  { id: "service", label: "Our service or staff" },
  { id: "other", label: "Something else" },
] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number]["id"];

export const COMPLAINT_DESCRIPTION_MAX = 4000;
export const COMPLAINT_REPLY_MAX = 4000;
/** One photo of the problem (PNG, JPEG or WebP), re-encoded like every upload. */
export const MAX_COMPLAINT_PHOTO_BYTES = 5 * 1024 * 1024;
/** The form's body cap: the photo and the text fields. */
export const COMPLAINT_FORM_MAX_BYTES = MAX_COMPLAINT_PHOTO_BYTES + 64 * 1024;
/** A reply's body cap (text only). */
export const REPLY_FORM_MAX_BYTES = 32 * 1024;

/** The complaint form's messages, shared by the server's schema (grievances.ts) and the browser's check. */
export const COMPLAINT_MESSAGES = {
  name: "Please enter your full name.",
  email: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  category: "Choose what your complaint is about.",
  description: "Please describe your complaint.",
  reply: "Please write your message.",
} as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The browser's check of the complaint form, without zod so the page stays small: the required fields and
 * the e-mail's shape. The server parses complaintSchema, which has the same messages and decides.
 */
export function checkComplaintFields(values: Record<string, string | undefined>): Record<string, string> {
  const errors: Record<string, string> = {};
  const email = (values.email ?? "").trim();
  if (!(values.name ?? "").trim()) errors.name = COMPLAINT_MESSAGES.name;
  if (!email) errors.email = COMPLAINT_MESSAGES.email;
  else if (!EMAIL_SHAPE.test(email)) errors.email = COMPLAINT_MESSAGES.emailInvalid;
  if (!values.category) errors.category = COMPLAINT_MESSAGES.category;
  if (!(values.description ?? "").trim()) errors.description = COMPLAINT_MESSAGES.description;
  return errors;
}

/** The browser's check of a shopper's reply. */
export function checkReplyFields(values: Record<string, string | undefined>): Record<string, string> {
  return (values.body ?? "").trim() ? {} : { body: COMPLAINT_MESSAGES.reply };
}
