import crypto from "node:crypto";
import { z } from "~/shared/zod";

/**
 * A small typed client for the Razorpay API calls the shop makes, over fetch with a configurable
 * base URL (the official SDK hard-codes its host; tests point this at a local fake), and the
 * signature checks of standard checkout and webhooks.
 */
export type RazorpayCredentials = { keyId: string; keySecret: string; apiBase: string };

export class RazorpayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const orderSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullish(),
  status: z.string(),
});
export type RazorpayOrder = z.infer<typeof orderSchema>;

const paymentSchema = z.object({
  id: z.string().min(1),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  error_description: z.string().nullish(),
});
export type RazorpayPayment = z.infer<typeof paymentSchema>;

const paymentsSchema = z.object({ items: z.array(paymentSchema) });

const TIMEOUT_MS = 10_000;

async function call<T>(
  creds: RazorpayCredentials,
  method: "GET" | "POST",
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const auth = Buffer.from(`${creds.keyId}:${creds.keySecret}`).toString("base64");
  let res: Response;
  try {
    res = await fetch(`${creds.apiBase.replace(/\/+$/, "")}${path}`, {
      method,
      headers: {
        authorization: `Basic ${auth}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new RazorpayError(`Razorpay could not be reached: ${(e as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) {
    let description = text.slice(0, 200);
    try {
      description =
        (JSON.parse(text) as { error?: { description?: string } }).error?.description ?? description;
    } catch {
      /* not JSON */
    }
    throw new RazorpayError(`Razorpay answered ${res.status}: ${description}`, res.status);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RazorpayError("Razorpay answered with something that is not JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new RazorpayError("Razorpay's answer did not have the expected shape");
  return parsed.data;
}

/** POST /v1/orders: an order for `amountPaise` in INR with our checkout id as receipt. */
export function createRazorpayOrder(
  creds: RazorpayCredentials,
  input: { amountPaise: number; receipt: string; notes?: Record<string, string> },
): Promise<RazorpayOrder> {
  return call(creds, "POST", "/v1/orders", orderSchema, {
    amount: input.amountPaise,
    currency: "INR",
    receipt: input.receipt,
    notes: input.notes ?? {},
  });
}

/** GET /v1/orders/:id/payments: the payments made against one of our Razorpay orders. */
export async function fetchOrderPayments(
  creds: RazorpayCredentials,
  razorpayOrderId: string,
): Promise<RazorpayPayment[]> {
  const r = await call(
    creds,
    "GET",
    `/v1/orders/${encodeURIComponent(razorpayOrderId)}/payments`,
    paymentsSchema,
  );
  return r.items;
}

const refundSchema = z.object({
  id: z.string().min(1),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.enum(["pending", "processed", "failed"]),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
});
export type RazorpayRefund = z.infer<typeof refundSchema>;

/**
 * POST /v1/payments/:id/refund: refund `amountPaise` of a captured payment at normal speed. The
 * `X-Refund-Idempotency` key (our refund's id) makes a retry of the same request return the same refund
 * instead of refunding twice; our refund id also travels in the notes so a webhook can find it.
 */
export function createRazorpayRefund(
  creds: RazorpayCredentials,
  input: {
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
    receipt: string;
    notes: Record<string, string>;
  },
): Promise<RazorpayRefund> {
  return call(
    creds,
    "POST",
    `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
    refundSchema,
    { amount: input.amountPaise, speed: "normal", receipt: input.receipt, notes: input.notes },
    { "x-refund-idempotency": input.idempotencyKey },
  );
}

/**
 * GET /v1/payments?count=1: the cheapest authenticated call, for Settings > Keys' "Check connection" (a wrong
 * key id or secret answers 401). Resolves with how many payments it listed (0 or 1).
 */
export async function checkRazorpayKeys(creds: RazorpayCredentials): Promise<number> {
  return (await call(creds, "GET", "/v1/payments?count=1", paymentsSchema)).items.length;
}

export function hmacSha256Hex(secret: string, message: string): string {
  return crypto.createHmac("sha256", secret).update(message, "utf8").digest("hex");
}

/** Constant-time comparison of two hex signatures (false for any malformed input). */
export function signaturesMatch(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(givenHex) || givenHex.length !== expectedHex.length) return false;
  const a = Buffer.from(expectedHex, "hex");
  const b = Buffer.from(givenHex.toLowerCase(), "hex");
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Standard checkout: razorpay_signature = HMAC-SHA256(order_id + "|" + payment_id, key secret). */
export function paymentSignature(secret: string, razorpayOrderId: string, razorpayPaymentId: string): string {
  return hmacSha256Hex(secret, `${razorpayOrderId}|${razorpayPaymentId}`);
}

export function verifyPaymentSignature(
  secret: string,
  input: { razorpayOrderId: string; razorpayPaymentId: string; signature: string },
): boolean {
  return signaturesMatch(
    paymentSignature(secret, input.razorpayOrderId, input.razorpayPaymentId),
    input.signature,
  );
}

/** Webhooks: X-Razorpay-Signature = HMAC-SHA256(raw body, webhook secret). */
export function verifyWebhookSignature(secret: string, rawBody: string, signature: string): boolean {
  return signaturesMatch(hmacSha256Hex(secret, rawBody), signature);
}

const settlementSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  status: z.string(),
  fees: z.number().int(),
  tax: z.number().int(),
  utr: z.string().nullish(),
  created_at: z.number().int(),
});
export type RazorpaySettlement = z.infer<typeof settlementSchema>;

/**
 * One line of Razorpay's settlement recon (GET /v1/settlements/recon/combined): a payment credited (its fee
 * and the GST on the fee taken), a refund or an adjustment debited, in the settlement `settlement_id`. For a
 * payment `entity_id` is the payment; for a refund `payment_id` names the payment refunded.
 */
const reconItemSchema = z.object({
  entity_id: z.string().min(1),
  type: z.string().min(1),
  debit: z.number().int(),
  credit: z.number().int(),
  amount: z.number().int(),
  currency: z.string().nullish(),
  fee: z.number().int().nullish(),
  tax: z.number().int().nullish(),
  settled: z.boolean().nullish(),
  created_at: z.number().int().nullish(),
  settled_at: z.number().int().nullish(),
  settlement_id: z.string().nullish(),
  settlement_utr: z.string().nullish(),
  payment_id: z.string().nullish(),
  order_id: z.string().nullish(),
  method: z.string().nullish(),
});
export type RazorpayReconItem = z.infer<typeof reconItemSchema>;

/** Razorpay's largest page for both lists (count). */
const PAGE = 100;
const RECON_PAGE = 1000;
/** A bound on the pages read in one call (100,000 lines): a fake or broken API cannot loop the shop forever. */
const MAX_PAGES = 100;

/** GET /v1/settlements?from&to: every settlement created in [from, to] (Unix seconds), all pages. */
export async function fetchSettlements(
  creds: RazorpayCredentials,
  range: { from: number; to: number },
): Promise<RazorpaySettlement[]> {
  const all: RazorpaySettlement[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const q = new URLSearchParams({
      from: String(range.from),
      to: String(range.to),
      count: String(PAGE),
      skip: String(page * PAGE),
    });
    const r = await call(
      creds,
      "GET",
      `/v1/settlements?${q}`,
      z.object({ items: z.array(settlementSchema) }),
    );
    all.push(...r.items);
    if (r.items.length < PAGE) return all;
  }
  throw new RazorpayError("Razorpay listed more settlements than the shop reads at once");
}

/** GET /v1/settlements/recon/combined?year&month[&day]: every line settled in that month (or day), all pages. */
export async function fetchSettlementRecon(
  creds: RazorpayCredentials,
  when: { year: number; month: number; day?: number },
): Promise<RazorpayReconItem[]> {
  const all: RazorpayReconItem[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const q = new URLSearchParams({
      year: String(when.year),
      month: String(when.month).padStart(2, "0"),
      ...(when.day ? { day: String(when.day).padStart(2, "0") } : {}),
      count: String(RECON_PAGE),
      skip: String(page * RECON_PAGE),
    });
    const r = await call(
      creds,
      "GET",
      `/v1/settlements/recon/combined?${q}`,
      z.object({ items: z.array(reconItemSchema) }),
    );
    all.push(...r.items);
    if (r.items.length < RECON_PAGE) return all;
  }
  throw new RazorpayError("Razorpay listed more settled lines than the shop reads at once");
}
