import { data } from "react-router";
import { CHECK_FIELDS, failedAnswer, okAnswer, type FormAnswer } from "~/shared/form-answer";
import { fieldErrorsOf, formValues } from "~/shared/form-errors";
import { flattenValues, nestValues, shopSettingsSchema } from "~/features/settings/shop-settings";
import type { AdminSession } from "~/platform/auth/auth.server";
import { env } from "~/platform/env.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";

/** The settings page's data: the form's initial values (dotted names) and the version they belong to. */
export async function settingsFormData() {
  const { settings, version } = await loadShopSettings();
  const e = env();
  // Whether WhatsApp messages go out or into the outbox; the token itself never leaves the server.
  const whatsappConfigured = Boolean(e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID);
  // Whether bookings go through Shiprocket (the keys themselves never leave the server).
  const shiprocket = Boolean(e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD);
  return { values: flattenValues(settings), version, whatsappConfigured, shiprocket };
}

const FAILED = "Failed to save settings";

/**
 * The settings form's save: every field checked by the shared schema (nothing written on a bad value, 400
 * with the messages next to the fields), then saved when nobody saved in between (else 409).
 */
export async function saveSettingsForm(form: FormData, admin: AdminSession) {
  const values = formValues(form);
  const parsed = shopSettingsSchema.safeParse(nestValues(values));
  if (!parsed.success) {
    return data<FormAnswer>(failedAnswer(CHECK_FIELDS, fieldErrorsOf(parsed.error), "save"), { status: 400 });
  }
  const version = values.version ?? "";
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(version)) {
    return data<FormAnswer>(failedAnswer(FAILED, undefined, "save"), { status: 400 });
  }
  const saved = await saveShopSettings(parsed.data, admin.user, version);
  if (!saved.ok) {
    return data<FormAnswer>(
      failedAnswer(
        "Someone else saved the settings meanwhile. The page now shows their version: please make your change again.",
        undefined,
        "save",
      ),
      { status: 409 },
    );
  }
  return data<FormAnswer>(okAnswer("Settings saved successfully", "save"));
}
