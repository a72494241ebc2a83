import { eq } from "drizzle-orm";
import { buttonPayload } from "~/features/cod-confirmation/cod-confirmation";
import { buildCodEmail, type CodMailKind } from "~/features/cod-confirmation/cod-emails";
import {
  firstName,
  namedTemplateMessage,
  templateText,
  type TemplateMessage,
} from "~/features/settings/whatsapp-messages";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";
import {
  deliverWhatsApp,
  endFailedDelivery,
  Undeliverable,
} from "~/features/whatsapp/whatsapp-updates.server";
import { formatIstDayLongMonthTime } from "~/shared/ist-dates";
import { orderPageUrl } from "~/shared/order-links";
import { whatsAppRecipient } from "~/shared/phone-numbers";
import { db, type Tx } from "~/platform/db/client.server";
import { codConfirmations } from "./tables.server";
import { sendMail } from "~/platform/email.server";
import { serviceEnv } from "~/platform/service-keys.server";
import { deliverOnce, enqueueOnce } from "~/platform/jobs/queue.server";
import { ordersOfCheckout } from "./cod-orders.server";

/*
 * The COD confirmation's messages (issue 30), one queue: each is queued in its event's transaction once per
 * checkout, kind and channel (enqueueOnce), and read from the database when it goes. The WhatsApp template
 * carries the shopper's first name, the order ids and the order page's link, and two quick-reply buttons whose
 * payloads (cod-confirm:<token>, cod-cancel:<token>) come back on the webhook.
 */

export const COD_MESSAGE_QUEUE = "cod-confirmation-message";

type Channel = "email" | "whatsapp";

export const codDedupeKey = (kind: CodMailKind, channel: Channel, checkoutId: string) =>
  `cod-${kind}-${channel}:${checkoutId}`;

/** Queue the e-mail (and the WhatsApp template, for a request or reminder the shopper opted in to) of one event. */
export async function enqueueCodMessages(
  tx: Tx,
  checkoutId: string,
  kind: CodMailKind,
  whatsapp: boolean,
): Promise<void> {
  // The request's e-mail is the order's own confirmation mail (checkout/order-emails.server.ts), which asks.
  const channels: Channel[] = [
    ...(kind === "request" ? [] : (["email"] as const)),
    // The buttons only help when the webhook hears the taps: no app secret, no WhatsApp request.
    ...(whatsapp && serviceEnv().WHATSAPP_APP_SECRET && (kind === "request" || kind === "reminder")
      ? (["whatsapp"] as const)
      : []),
  ];
  for (const channel of channels)
    await enqueueOnce(tx, COD_MESSAGE_QUEUE, codDedupeKey(kind, channel, checkoutId), {
      checkoutId,
      kind,
      channel,
    });
}

const KINDS: readonly string[] = ["request", "reminder", "cancelled", "expired"];

/** The WhatsApp request body: template with three body parameters and the two buttons. */
export function codTemplateMessage(
  to: string,
  template: string,
  language: string,
  facts: { customerName: string; orders: string; orderLink: string; replyToken: string },
): TemplateMessage {
  return namedTemplateMessage(
    to,
    template,
    language,
    [firstName(facts.customerName), templateText(facts.orders), facts.orderLink],
    (["confirm", "cancel"] as const).map((answer, i) => ({
      type: "button",
      sub_type: "quick_reply",
      index: String(i),
      parameters: [{ type: "payload", payload: buttonPayload(answer, facts.replyToken) }],
    })),
  );
}

/** The queue's job: one message, at most once; a permanent WhatsApp refusal is recorded and not retried. */
export async function sendCodMessage(data: Record<string, unknown>): Promise<void> {
  const { checkoutId, kind, channel } = data;
  if (typeof checkoutId !== "string" || typeof kind !== "string" || !KINDS.includes(kind))
    throw new Error("COD message job with bad data");
  if (channel !== "email" && channel !== "whatsapp") throw new Error("COD message job with bad data");
  const key = codDedupeKey(kind as CodMailKind, channel, checkoutId);
  try {
    await deliverOnce(key, async () => {
      const [c] = await db()
        .select()
        .from(codConfirmations)
        .where(eq(codConfirmations.checkoutId, checkoutId));
      const list = await ordersOfCheckout(db(), checkoutId, false);
      const first = list[0];
      if (!c || !first) return;
      // A request or reminder answered by the time it goes is not sent.
      if ((kind === "request" || kind === "reminder") && c.state !== "awaiting") return;
      const orders = list.map((o) => `#${o.displayId}`).join(" and ");
      const store = storeSettings();
      const orderUrl = orderPageUrl(store.publicUrl, first.accessToken);
      if (channel === "email") {
        const mail = buildCodEmail(
          kind as CodMailKind,
          {
            customerName: first.customerName,
            orders,
            total: list.reduce((s, o) => s + o.totalAmount, 0),
            orderUrl,
            cancelBy: formatIstDayLongMonthTime(c.cancelAt),
          },
          store,
        );
        await sendMail({ dedupeKey: key, to: first.customerEmail, replyTo: store.email, ...mail });
        return;
      }
      const to = whatsAppRecipient(first.customerPhone);
      if (!to) throw new Undeliverable("the order's phone number is not a valid WhatsApp number");
      const { settings } = await loadShopSettings();
      await deliverWhatsApp(
        key,
        codTemplateMessage(to, settings.codConfirmation.whatsappTemplate, settings.whatsappUpdates.language, {
          customerName: first.customerName,
          orders,
          orderLink: orderUrl,
          replyToken: c.replyToken,
        }),
      );
    });
  } catch (err) {
    await endFailedDelivery(key, err, "COD confirmation message");
  }
}
