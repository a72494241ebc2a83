import { paymentGateway } from "~/features/payments/gateway.server";
import { fulfilmentMode } from "~/features/couriers/couriers.server";
import { loadShopSettings } from "~/features/settings/store-settings.server";
import { freshServiceEnv } from "~/platform/service-keys.server";
import { formatPhone } from "~/shared/phone-numbers";
import { noticeContact, privacyNotice, type NoticeFacts } from "./privacy-notice";

/** What this shop runs (settings and the environment's services), for its privacy notice. */
export async function noticeFacts(): Promise<NoticeFacts> {
  const e = await freshServiceEnv();
  const s = (await loadShopSettings()).settings;
  return {
    whatsapp: Boolean(e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID),
    payments: paymentGateway().mode,
    courier: fulfilmentMode(e),
    smtp: Boolean(e.SMTP_URL),
    cloudStorage: Boolean(e.S3_BUCKET),
    retention: s.privacy,
    dataContact: s.privacy.dataContactEmail ?? s.grievance.email,
    grievance: { ...s.grievance, phone: formatPhone(s.grievance.phone) },
    cartReminders:
      s.recovery.enabled === "yes"
        ? { keepDays: s.recovery.keepDays, whatsapp: Boolean(e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID) }
        : null,
  };
}

/** The privacy policy page's notice: its items and closing words. */
export async function privacyNoticeForPage() {
  const f = await noticeFacts();
  return { items: privacyNotice(f), contact: noticeContact(f) };
}
