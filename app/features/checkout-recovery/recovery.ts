import { customConfigSchema, productConfigSchema } from "~/features/cart/cart";
import { z } from "~/shared/zod";

/*
 * Abandoned-checkout reminders (issue 30, decision 045), pure rules: what the checkout's save may carry, and
 * which reminder a saved checkout is due for. The server (recovery.server.ts) stores, sweeps and sends.
 */

/** The save endpoint's body cap: a cart of a few custom designs with their ~10-30 KB previews. */
export const REMEMBER_MAX_BYTES = 128 * 1024;
/** At most this many lines are kept (a real cart has a handful). */
export const MAX_SAVED_LINES = 20;
/** A preview data URL kept for a custom line (the customiser's 160 px JPEG is ~10-20 KB as text). */
export const MAX_PREVIEW_CHARS = 48 * 1024;
/** One reminder sequence per contact in this many days, however many checkouts name it. */
export const SEQUENCE_PER_CONTACT_DAYS = 7;
/** The second reminder's code is valid this many days after it is sent. */
export const CODE_VALID_DAYS = 7;

const KEY = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, "Bad key.");

const savedLineSchema = z.strictObject({
  id: z.string().min(1).max(200),
  name: z.string().max(600),
  price: z.number().int().nonnegative().max(100_000_000),
  // A product's picture: a path on this shop, never a data URL or another host.
  image: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)\S*$/, "A product picture is a path on this shop.")
    .optional(),
  quantity: z.number().int().min(1).max(999),
  type: z.enum(["product", "custom"]),
  productConfig: productConfigSchema.strict().optional(),
  customConfig: customConfigSchema
    .omit({ wallPhotoUrl: true })
    .extend({
      previewImageUrl: z
        .string()
        .max(MAX_PREVIEW_CHARS)
        .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, "A preview is an image.")
        .optional(),
    })
    .strict()
    .optional(),
});

export const savedLinesSchema = z.array(savedLineSchema).min(1).max(MAX_SAVED_LINES);

/** POST /api/checkout/remember: save (consent ticked, contact valid) or forget (unticked) this browser's checkout. */
export const rememberSchema = z.discriminatedUnion("intent", [
  z.strictObject({
    intent: z.literal("save"),
    key: KEY,
    consent: z.literal(true),
    name: z.string().trim().max(100).default(""),
    email: z.string().trim().max(200).pipe(z.email("Enter a valid e-mail address.")),
    phone: z.string().trim().max(30).default(""),
    whatsapp: z.boolean().default(false),
    lines: savedLinesSchema,
  }),
  z.strictObject({ intent: z.literal("forget"), key: KEY }),
]);
export type RememberInput = z.output<typeof rememberSchema>;

export type ReminderTiming = { firstAfterHours: number; secondAfterHours: number };

export type SequenceFacts = {
  /** The shopper's last change to the saved checkout. */
  updatedAt: Date;
  firstSentAt: Date | null;
  secondSentAt: Date | null;
};

const HOUR = 3_600_000;

/**
 * The reminder due now, if any: the first `firstAfterHours` after the shopper's last change, the second
 * `secondAfterHours` after it and never sooner than the gap between the two after the first (a sweep that was
 * down for a day does not send both at once). Never a third.
 */
export function dueReminder(s: SequenceFacts, t: ReminderTiming, now: Date): 1 | 2 | null {
  if (s.secondSentAt) return null;
  if (!s.firstSentAt) return now.getTime() >= s.updatedAt.getTime() + t.firstAfterHours * HOUR ? 1 : null;
  const gap = (t.secondAfterHours - t.firstAfterHours) * HOUR;
  return now.getTime() >= s.updatedAt.getTime() + t.secondAfterHours * HOUR &&
    now.getTime() >= s.firstSentAt.getTime() + gap
    ? 2
    : null;
}
