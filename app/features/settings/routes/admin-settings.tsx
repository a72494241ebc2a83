import { Link } from "react-router";
import { ChevronRight } from "lucide-react";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { KEYS_SECTION, SETTINGS_PATH, SETTINGS_SECTIONS } from "~/features/settings/settings-sections";
import { MAX_PLAIN_FORM_BYTES } from "~/shared/admin-forms";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { adminFormAnswers } from "~/platform/auth/admin-action.server";
import { formAction } from "~/platform/http/form-action.server";
import { saveSettingsForm, settingsFormData } from "~/features/settings/routes/admin-settings.server";
import { adminLoader } from "~/features/admin-shell/admin-route.server";
import type { Route } from "./+types/admin-settings";

export const meta: Route.MetaFunction = () => adminMeta("Settings");

export const loader = adminLoader(settingsFormData, "settings");

/**
 * Every section at once (the one settings form before issue 42; no page posts it now, scripts and tests
 * may). Each section's page saves its own fields (admin-settings-section.tsx).
 */
export const action = formAction(
  {
    guard: "admin",
    permission: "settings",
    intents: { save: { permission: "settings" } },
    // Payment and courier settings are among them: the second factor is asked again after 5 minutes.
    stepUp: true,
    maxBytes: MAX_PLAIN_FORM_BYTES,
    answers: adminFormAnswers("The form is too large."),
  },
  (_fields, { form, admin }) => saveSettingsForm(form, admin),
);

/** /admin/settings: the sections, each a page of its own with its own Save (issue 42). */
export default function AdminSettings() {
  return (
    <AdminPage title="Settings" description="Choose a section: each one is saved on its own.">
      <nav aria-label="Settings sections">
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {[...SETTINGS_SECTIONS, KEYS_SECTION].map((s) => (
            <li key={s.slug}>
              <Link
                to={`${SETTINGS_PATH}/${s.slug}`}
                className="flex h-full items-center gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:bg-muted"
              >
                <span className="flex-1">
                  <span className="block font-semibold">{s.title}</span>
                  <span className="block text-sm text-muted-foreground">{s.description}</span>
                </span>
                <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </AdminPage>
  );
}
