import { MAX_PLAIN_FORM_BYTES } from "~/shared/admin-forms";
import { adminFormAnswers } from "~/platform/auth/admin-action.server";
import { formAction } from "~/platform/http/form-action.server";
import { registerPickupLocation } from "~/features/shipments/pickup-location.server";

/** POST only (admins; like the other admin API routes it has no loader): "Register with Shiprocket" on /admin/settings: the saved pickup address under its nickname. */
export const action = formAction(
  {
    guard: "admin",
    permission: "settings",
    intents: { "register-pickup": { permission: "settings" } },
    stepUp: true,
    maxBytes: MAX_PLAIN_FORM_BYTES,
    answers: adminFormAnswers("The form is too large."),
  },
  () => registerPickupLocation(),
);
