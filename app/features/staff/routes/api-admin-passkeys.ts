import { z } from "~/shared/zod";
import { failedAnswer } from "~/shared/form-answer";
import { clientAddress, requireAdmin } from "~/platform/auth/auth.server";
import {
  finishRegistration,
  registrationOptions,
  type PasskeyAddAnswer,
} from "~/platform/auth/passkeys.server";
import { needsStepUp } from "~/platform/auth/step-up.server";
import { recordAudit } from "~/platform/audit.server";
import { BodyError, json, jsonOk, jsonRefusal, readJson } from "~/platform/http/http.server";
import type { Route } from "./+types/api-admin-passkeys";

const schema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("options") }),
  z.object({
    step: z.literal("register"),
    sealed: z.string().max(2_000),
    name: z.string().trim().min(1).max(60),
    response: z.looseObject({ id: z.string().max(1_000), type: z.literal("public-key") }),
  }),
]);

/**
 * POST /api/admin/passkeys: a signed-in member adds a passkey from My Security. {"step":"options"} gives the
 * browser its options; {"step":"register", response, sealed, name} checks the answer and keeps the key.
 * Like the other admin API routes it has no loader.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "self");
  // Adding a passkey adds a second factor: a member who has one proves it again after 5 minutes (step-up).
  if (needsStepUp(admin))
    return json(
      {
        ...failedAnswer(
          "Confirm it is you first: your second factor was last checked more than 5 minutes ago.",
        ),
        stepUp: `/admin/step-up?next=${encodeURIComponent("/admin/security")}`,
      } satisfies PasskeyAddAnswer,
      403,
    );
  let body: unknown;
  try {
    body = await readJson(request, 16_384);
  } catch (err) {
    if (err instanceof BodyError) return jsonRefusal(err.status, err.message);
    throw err;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return jsonRefusal(400, "Not a passkey request.");
  if (parsed.data.step === "options") return jsonOk(await registrationOptions(request, admin.user));
  const { response, sealed, name } = parsed.data;
  const ok = await finishRegistration(request, admin.user, { response: response as never, sealed, name });
  if (!ok) return jsonRefusal(400, "The passkey could not be added. Please try again.");
  await recordAudit({
    actor: admin.user,
    ip: clientAddress(context),
    kind: "staff",
    action: "passkey-added",
    subject: admin.user.email,
    after: { name },
  });
  return jsonOk({}, { message: "Passkey added." });
}
