import { AdminPageHeader } from "~/features/admin-shell/ui/admin-page-header";
import { SettingsForm } from "~/features/settings/ui/settings-form";
import { MAX_PLAIN_FORM_BYTES } from "~/shared/admin-forms";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import { badRequest, adminFormAnswers, text } from "~/platform/auth/admin-action.server";
import { formAction } from "~/platform/http/form-action.server";
import { saveSettingsForm, settingsFormData } from "~/features/settings/routes/admin-settings.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import type { Route } from "./+types/admin-settings";

export const meta: Route.MetaFunction = () => adminMeta("Settings");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return settingsFormData();
}

export const action = formAction(
  { guard: "admin", maxBytes: MAX_PLAIN_FORM_BYTES, answers: adminFormAnswers("The form is too large.") },
  (_fields, { form, admin }) => {
    if (text(form, "intent") !== "save") return badRequest(text(form, "intent"), "Unknown action.");
    return saveSettingsForm(form, admin);
  },
);

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { values, version, whatsappConfigured } = loaderData;
  const { connected } = useLiveRevalidate({ url: "/api/admin/events", tables: ["shop_settings"] });
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Settings"
        description="Store details, legal details, shipping rules, order limits and WhatsApp updates"
        live={connected}
      />
      {/* A save here or elsewhere gives a new version: the form then shows the saved values. */}
      <SettingsForm key={version} values={values} version={version} whatsappConfigured={whatsappConfigured} />
    </div>
  );
}
