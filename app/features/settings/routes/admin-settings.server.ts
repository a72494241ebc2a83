import { data } from "react-router";
import { CHECK_FIELDS, failedAnswer, okAnswer, type FormAnswer } from "~/shared/form-answer";
import { fieldErrorsOf, formValues } from "~/shared/form-errors";
import { flattenValues, nestValues, shopSettingsSchema } from "~/features/settings/shop-settings";
import { groupValues, settingsSection, type SectionSlug } from "~/features/settings/settings-sections";
import type { AdminSession } from "~/platform/auth/auth.server";
import { serviceEnv } from "~/platform/service-keys.server";
import {
  loadShopSettings,
  saveSettingsSection,
  saveShopSettings,
  sectionVersion,
} from "~/features/settings/store-settings.server";

/**
 * Whether WhatsApp messages go out and bookings go through Shiprocket (keys in the environment or saved in
 * Settings > Keys; the keys themselves never leave the server).
 */
function services() {
  const e = serviceEnv();
  return {
    whatsappConfigured: Boolean(e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID),
    shiprocket: Boolean(e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD),
  };
}

/**
 * The settings overview's data: every setting's value (dotted names) and the version they belong to (the
 * whole settings' form before issue 42 posts these back to /admin/settings).
 */
export async function settingsFormData() {
  const { settings, version } = await loadShopSettings();
  return { values: flattenValues(settings), version, ...services() };
}

/** The section named by the URL, or 404. */
function sectionOf(slug: string | undefined): SectionSlug {
  const section = settingsSection(slug);
  if (!section) throw data("Not found", { status: 404 });
  return section.slug;
}

/** One section's page: its values (and those beside them in the same settings), its version. */
export async function settingsSectionData(slug: string | undefined) {
  const section = sectionOf(slug);
  const { settings } = await loadShopSettings();
  return {
    section,
    values: groupValues(section, flattenValues(settings)),
    version: sectionVersion(settings, section),
    ...services(),
  };
}

const FAILED = "Failed to save settings";
const SAVED = "Settings saved successfully";

const stale = (what: string) =>
  data<FormAnswer>(
    failedAnswer(
      `Someone else saved ${what} meanwhile. The page now shows their version: please make your change again.`,
      undefined,
      "save",
    ),
    { status: 409 },
  );

/**
 * A section's save (issue 42): only the fields it owns, laid on the settings as they are now; refused (409)
 * when someone changed this section since the form was loaded, 400 with the messages next to the fields.
 */
export async function saveSectionForm(slug: string | undefined, form: FormData, admin: AdminSession) {
  const section = sectionOf(slug);
  const values = formValues(form);
  const version = values.version ?? "";
  if (!/^[A-Za-z0-9_-]{22}$/.test(version)) {
    return data<FormAnswer>(failedAnswer(FAILED, undefined, "save"), { status: 400 });
  }
  const saved = await saveSettingsSection(section, values, admin.user, version);
  if (saved.ok) return data<FormAnswer>(okAnswer(SAVED, "save"));
  if (saved.reason === "stale") return stale(`the ${settingsSection(section)!.title} settings`);
  const elsewhere = Object.entries(saved.elsewhere)[0];
  const message = elsewhere
    ? `A saved setting elsewhere fails its check (${elsewhere[0]}: ${elsewhere[1]}): fix it on its page first.`
    : CHECK_FIELDS;
  return data<FormAnswer>(failedAnswer(message, saved.fieldErrors, "save"), { status: 400 });
}

/**
 * The whole settings' save (every section at once, as the one form before issue 42; kept for scripts and
 * tests that post all of it): every field checked by the shared schema (nothing written on a bad value, 400
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
  if (!saved.ok) return stale("the settings");
  return data<FormAnswer>(okAnswer(SAVED, "save"));
}
