import { eq } from "drizzle-orm";
import { firstName, namedTemplateMessage, type TemplateMessage } from "~/features/settings/whatsapp-messages";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";
import {
  deliverWhatsApp,
  endFailedDelivery,
  Undeliverable,
} from "~/features/whatsapp/whatsapp-updates.server";
import { addDays, formatIsoDate, todayInIndia } from "~/shared/ist-dates";
import { whatsAppRecipient } from "~/shared/phone-numbers";
import { db, type Tx } from "~/platform/db/client.server";
import { abandonedCheckouts } from "./tables.server";
import { discountCodes } from "~/features/discount-codes/tables.server";
import { sendMail } from "~/platform/email.server";
import { serviceEnv } from "~/platform/service-keys.server";
import { deliverOnce, enqueueOnce } from "~/platform/jobs/queue.server";
import { CODE_VALID_DAYS } from "./recovery";
import { buildReminderEmail } from "./recovery-emails";
import { isSuppressed } from "./recovery.server";
import type { SavedLine } from "~/features/cart/saved-lines";

/*
 * The cart reminders' messages (issue 30, decision 045): queued by the sweep in the transaction that claims the
 * reminder (once per checkout, step and channel), read from the database when they go: a checkout deleted,
 * converted or unsubscribed by then sends nothing. E-mail always; WhatsApp only where the shopper ticked it and
 * the shop has WhatsApp keys (no outbox copy without them: e-mail is the reminder then).
 */

export const RECOVERY_MESSAGE_QUEUE = "cart-reminder-message";

type Channel = "email" | "whatsapp";
const dedupeKey = (step: 1 | 2, channel: Channel, id: string) => `cart-reminder-${step}-${channel}:${id}`;

export function restoreUrl(publicUrl: string, token: string) {
  return `${publicUrl.replace(/\/$/, "")}/checkout/restore/${token}`;
}
export function unsubscribeUrl(publicUrl: string, token: string) {
  return `${publicUrl.replace(/\/$/, "")}/checkout/unsubscribe/${token}`;
}

export async function enqueueReminder(tx: Tx, id: string, step: 1 | 2, whatsapp: boolean): Promise<void> {
  const e = serviceEnv();
  const channels: Channel[] = [
    "email",
    ...(whatsapp && e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID ? (["whatsapp"] as const) : []),
  ];
  for (const channel of channels)
    await enqueueOnce(tx, RECOVERY_MESSAGE_QUEUE, dedupeKey(step, channel, id), { id, step, channel });
}

/** The queue's job: one reminder on one channel, at most once. */
export async function sendReminder(data: Record<string, unknown>): Promise<void> {
  const { id, step, channel } = data;
  if (typeof id !== "string" || (step !== 1 && step !== 2) || (channel !== "email" && channel !== "whatsapp"))
    throw new Error("cart reminder job with bad data");
  const key = dedupeKey(step, channel, id);
  try {
    await deliverOnce(key, async () => {
      const [row] = await db().select().from(abandonedCheckouts).where(eq(abandonedCheckouts.id, id));
      if (!row || row.convertedAt || (await isSuppressed(db(), row.customerEmail, row.customerPhone))) return;
      const store = storeSettings();
      const links = {
        restoreUrl: restoreUrl(store.publicUrl, row.linkToken),
        unsubscribeUrl: unsubscribeUrl(store.publicUrl, row.linkToken),
      };
      if (channel === "email") {
        const [code] = row.discountCodeId
          ? await db()
              .select({ code: discountCodes.code, value: discountCodes.value, endsOn: discountCodes.endsOn })
              .from(discountCodes)
              .where(eq(discountCodes.id, row.discountCodeId))
          : [];
        const mail = buildReminderEmail(
          step,
          {
            customerName: row.customerName,
            lines: row.lines as SavedLine[],
            ...links,
            code:
              step === 2 && code
                ? {
                    code: code.code,
                    percent: code.value,
                    lastDay: formatIsoDate(code.endsOn ?? addDays(todayInIndia(), CODE_VALID_DAYS)),
                  }
                : null,
          },
          store,
        );
        await sendMail({
          dedupeKey: key,
          to: row.customerEmail,
          replyTo: store.email,
          ...mail,
          headers: {
            "List-Unsubscribe": `<${links.unsubscribeUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        });
        return;
      }
      const to = row.customerPhone ? whatsAppRecipient(row.customerPhone) : null;
      if (!to) throw new Undeliverable("the checkout's phone number is not a valid WhatsApp number");
      const { settings } = await loadShopSettings();
      await deliverWhatsApp(
        key,
        reminderTemplate(
          to,
          settings.recovery.whatsappTemplate,
          settings.whatsappUpdates.language,
          row.customerName,
          links.restoreUrl,
        ),
      );
    });
  } catch (err) {
    await endFailedDelivery(key, err, "cart reminder");
  }
}

function reminderTemplate(
  to: string,
  template: string,
  language: string,
  customerName: string,
  link: string,
): TemplateMessage {
  return namedTemplateMessage(to, template, language, [firstName(customerName), link]);
}
