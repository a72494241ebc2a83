import { singleLine } from "~/shared/text";
import { z } from "~/shared/zod";
import { parseOrderContact, type OrderContact } from "~/features/order-page/order-page";
import type { OrderStatus, PaymentStatus } from "~/features/order-lifecycle/order-status";

/*
 * The shopper's data rights (issue 32, decision 042), pure rules: the one-time code's limits, the forms'
 * schemas, which orders may still be corrected, and what erasure does to each order.
 */

/** A code is good for 10 minutes after it is sent. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Five wrong codes and the request is dead (a new one must be made). */
export const MAX_CODE_TRIES = 5;
/** A verified request lets its browser export, correct and erase for 30 minutes. */
export const ACCESS_TTL_MS = 30 * 60 * 1000;
/** The browser's key to its request (HttpOnly, SameSite=Lax cookie); the request row keeps its hash. */
export const REQUEST_COOKIE = "data_request";
export const FORM_MAX_BYTES = 16 * 1024;

export { parseOrderContact, type OrderContact };

/** What every start answers, whether or not the shop holds anything for the contact. */
export const CODE_SENT_ANSWER =
  "If we hold data for this contact, we have sent a 6-digit code to its e-mail address. It is valid for 10 minutes.";

const contactField = z
  .string({ error: "Enter the e-mail or phone number you ordered with." })
  .trim()
  .min(1, "Enter the e-mail or phone number you ordered with.")
  .max(200, "That is not a phone number or e-mail.")
  .superRefine(singleLine("E-mail or phone"))
  .transform((v, ctx) => {
    const c = parseOrderContact(v);
    if (!c) {
      ctx.addIssue({ code: "custom", message: "Enter a valid e-mail, or a 10-digit mobile number." });
      return z.NEVER;
    }
    return c;
  });

const codeField = z
  .string({ error: "Enter the 6-digit code." })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^[0-9]{6}$/, "Enter the 6-digit code from the e-mail."));

const text = (max: number) =>
  z.string().max(max, `Keep this under ${max} characters.`).optional().default("");

/** The correction form (one order): the fields the checkout asks, checked again by the checkout's own schema. */
export const correctionFields = [
  "name",
  "email",
  "phone",
  "address1",
  "address2",
  "landmark",
  "city",
  "pincode",
] as const;

/** Every form of "My data", told apart by its `intent` (one schema for the browser and the action). */
export const myDataSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), contact: contactField }),
  z.object({ intent: z.literal("verify"), code: codeField }),
  z.object({
    intent: z.literal("correct"),
    orderRef: z.string().regex(/^(order|custom):[0-9a-f-]{36}$/, "Choose an order."),
    name: text(300),
    email: text(300),
    phone: text(60),
    address1: text(300),
    address2: text(300),
    landmark: text(300),
    city: text(300),
    pincode: text(20),
  }),
  z.object({
    intent: z.literal("erase"),
    confirm: z.literal("on", { error: "Tick the box to confirm." }),
  }),
  z.object({ intent: z.literal("withdraw"), kind: z.string().min(1).max(40), ref: text(80) }),
  z.object({ intent: z.literal("forget") }),
]);
export type MyDataInput = z.output<typeof myDataSchema>;

export type CodeState = {
  status: "pending" | "verified" | "dead";
  codeHash: string | null;
  codeExpiresAt: Date | null;
  tries: number;
};

/** `none`: the browser holds no request (no cookie, or one the shop does not know). */
export type CodeOutcome = "ok" | "wrong" | "expired" | "dead" | "used" | "none";

/**
 * What a typed code does to a request: a right code on a live pending request verifies it; a wrong one
 * counts a try (the fifth kills it); a code after expiry, after death or after use (replay) does nothing.
 * `matches` is the constant-time comparison of the typed code's hash with `codeHash`.
 */
export function judgeCode(s: CodeState, matches: boolean, now: Date): CodeOutcome {
  if (s.status === "dead" || s.tries >= MAX_CODE_TRIES) return "dead";
  if (s.status === "verified") return "used";
  if (!s.codeHash || !s.codeExpiresAt) return "wrong";
  if (s.codeExpiresAt.getTime() <= now.getTime()) return "expired";
  return matches ? "ok" : "wrong";
}

export const CODE_MESSAGES: Record<Exclude<CodeOutcome, "ok">, string> = {
  wrong: "That code is not right. Check the e-mail and try again.",
  expired: "That code has expired. Please ask for a new one.",
  dead: "Too many wrong codes. Please ask for a new one.",
  used: "That code was already used.",
  none: "This request has ended. Please ask for a new code.",
};

/** Orders whose name, contact and address can still change: not yet handed to the courier. */
export const CORRECTABLE_STATUSES: readonly OrderStatus[] = ["pending", "confirmed", "in_production"];
export const FINISHED_STATUSES: readonly OrderStatus[] = ["delivered", "cancelled", "rto"];

export type ErasureChoice =
  /** Still on its way: kept as it is until it is finished. */
  | "active"
  /** A sale the tax law makes us keep: the invoice stays as issued; the order keeps only what it needs. */
  | "tax-record"
  /** Never paid and never invoiced: nothing of the shopper's is kept. */
  | "anonymise";

/** What erasure does to one order. */
export function erasureChoice(o: {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string;
  invoiced: boolean;
}): ErasureChoice {
  if (!FINISHED_STATUSES.includes(o.status)) return "active";
  if (o.invoiced || o.paymentStatus === "paid" || o.paymentStatus === "refunded") return "tax-record";
  if (o.status === "delivered") return "tax-record"; // cash on delivery collected
  return "anonymise";
}

export const ERASURE_REASONS: Record<ErasureChoice, string> = {
  active:
    "Not erased: this order is still on its way. We need your name, phone and address to deliver it; ask again once it is delivered or cancelled.",
  "tax-record":
    "Kept for tax records: Indian GST law (CGST Act, section 36, and rule 56) requires us to keep sales records and invoices for 8 years. The invoice stays as issued (with the name and address the law asks for) but without your phone and e-mail; your e-mail, phone and street address were removed from the order, which keeps only its state for the place of supply.",
  anonymise: "Erased: this order was never paid or invoiced, so nothing of yours is kept with it.",
};

/** The placeholder erased names become. */
export const ERASED_NAME = "Erased";

/** A JSON file name for the export. */
export function exportFileName(now: Date): string {
  return `my-data-${now.toISOString().slice(0, 10)}.json`;
}
