import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { adminLoader } from "~/features/admin-shell/admin-route.server";
import { KEYS_SECTION } from "~/features/settings/settings-sections";
import { SettingsLayout } from "~/features/settings/ui/settings-nav";
import { ServiceKeysCard } from "~/features/service-keys/ui/service-keys-card";
import { serviceKeysFormSchema } from "~/features/service-keys/service-keys-form";
import { keysAction, keysPageData } from "~/features/service-keys/routes/admin-keys.server";
import { MAX_PLAIN_FORM_BYTES } from "~/shared/admin-forms";
import { adminFormAnswers } from "~/platform/auth/admin-action.server";
import { clientAddress } from "~/platform/auth/auth.server";
import { formAction } from "~/platform/http/form-action.server";
import type { Route } from "./+types/admin-keys";

export const meta: Route.MetaFunction = () => adminMeta("Settings: Keys");

/** The Owner only (not every role that may change settings), as the keys' own forms. */
export const loader = adminLoader(keysPageData, "owner");

/**
 * Save a service's keys, clear one, check a connection (issue 42, decision 055). Saving and clearing ask for
 * the second factor again after 5 minutes; the audit rows are this action's own ("Razorpay key secret
 * changed"), never the form's fields.
 */
export const action = formAction(
  {
    guard: "admin",
    permission: "owner",
    intents: {
      save: { permission: "owner" },
      clear: { permission: "owner" },
      check: { permission: "owner" },
    },
    stepUp: (fields) => fields.intent !== "check",
    audit: false,
    maxBytes: MAX_PLAIN_FORM_BYTES,
    schema: serviceKeysFormSchema,
    answers: adminFormAnswers("The form is too large."),
  },
  (input, { admin, context }) => keysAction(input, admin, clientAddress(context)),
);

/** /admin/settings/keys: each service's keys, saved sealed, never shown again in full. */
export default function AdminKeys({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Settings"
      description="Keys of Razorpay, Shiprocket, WhatsApp and the mail server: stored encrypted, never shown again (only their last 4 characters). A key set in the environment wins."
      liveTables={["service_keys"]}
    >
      <SettingsLayout current={KEYS_SECTION.slug}>
        {loaderData.services.map((view) => (
          <ServiceKeysCard
            // A save or a clear gives new keys: the card's fields start empty again.
            key={`${view.service}:${view.keys.map((k) => `${k.source}${k.shown}${k.savedAt}`).join("|")}`}
            view={view}
            publicUrl={loaderData.publicUrl}
          />
        ))}
      </SettingsLayout>
    </AdminPage>
  );
}
