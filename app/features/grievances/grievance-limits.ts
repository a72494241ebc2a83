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
