import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { SettingsSectionForm } from "~/features/settings/ui/settings-section-form";
import { SettingsLayout } from "~/features/settings/ui/settings-nav";
import { RegisterPickupForm } from "~/features/settings/ui/register-pickup-form";
import { settingsSection } from "~/features/settings/settings-sections";
import { MAX_PLAIN_FORM_BYTES } from "~/shared/admin-forms";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { adminFormAnswers } from "~/platform/auth/admin-action.server";
import { formAction } from "~/platform/http/form-action.server";
import { saveSectionForm, settingsSectionData } from "~/features/settings/routes/admin-settings.server";
import { adminLoader } from "~/features/admin-shell/admin-route.server";
import type { Route } from "./+types/admin-settings-section";

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(`Settings: ${settingsSection(data?.section)?.title ?? "Not found"}`);

export const loader = adminLoader(
  ({ params }: Route.LoaderArgs) => settingsSectionData(params.section),
  "settings",
);

/** One section's Save: only its fields (issue 42, decision 053). */
export const action = formAction(
  {
    guard: "admin",
    permission: "settings",
    intents: { save: { permission: "settings" } },
    // As the one settings form before it: the second factor is asked again after 5 minutes.
    stepUp: true,
    maxBytes: MAX_PLAIN_FORM_BYTES,
    answers: adminFormAnswers("The form is too large."),
  },
  (_fields, { form, admin, params }) => saveSectionForm(params.section, form, admin),
);

/** /admin/settings/<section>: the section menu and one section's form. */
export default function AdminSettingsSection({ loaderData }: Route.ComponentProps) {
  const { section, values, version, whatsappConfigured, shiprocket } = loaderData;
  return (
    <AdminPage
      title="Settings"
      description={settingsSection(section)!.description}
      liveTables={["shop_settings"]}
    >
      <SettingsLayout current={section}>
        {/* A save of this section here or elsewhere gives a new version: the form then shows the saved values. */}
        <SettingsSectionForm
          key={version}
          section={section}
          values={values}
          version={version}
          whatsappConfigured={whatsappConfigured}
          shiprocket={shiprocket}
        />
        {section === "courier" && shiprocket ? <RegisterPickupForm /> : null}
      </SettingsLayout>
    </AdminPage>
  );
}
