import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { SettingsForm } from "~/features/settings/ui/settings-form";
import { RegisterPickupForm } from "~/features/settings/ui/register-pickup-form";
import { MAX_PLAIN_FORM_BYTES } from "~/shared/admin-forms";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { adminFormAnswers } from "~/platform/auth/admin-action.server";
import { formAction } from "~/platform/http/form-action.server";
import { saveSettingsForm, settingsFormData } from "~/features/settings/routes/admin-settings.server";
import { adminLoader } from "~/features/admin-shell/admin-route.server";
import type { Route } from "./+types/admin-settings";

export const meta: Route.MetaFunction = () => adminMeta("Settings");

export const loader = adminLoader(settingsFormData, "settings");

export const action = formAction(
  {
    guard: "admin",
    permission: "settings",
    intents: { save: { permission: "settings" } },
    // Payment and courier settings are on this form: the second factor is asked again after 5 minutes.
    stepUp: true,
    maxBytes: MAX_PLAIN_FORM_BYTES,
    answers: adminFormAnswers("The form is too large."),
  },
  (_fields, { form, admin }) => saveSettingsForm(form, admin),
);

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { values, version, whatsappConfigured, shiprocket } = loaderData;
  return (
    <AdminPage
      title="Settings"
      description="Store details, legal details, shipping rules, courier, order limits and WhatsApp updates"
      liveTables={["shop_settings"]}
    >
      {/* A save here or elsewhere gives a new version: the form then shows the saved values. */}
      <SettingsForm
        key={version}
        values={values}
        version={version}
        whatsappConfigured={whatsappConfigured}
        shiprocket={shiprocket}
      />
      {shiprocket ? <RegisterPickupForm /> : null}
    </AdminPage>
  );
}
