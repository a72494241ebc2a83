import { Form, Link, useNavigation } from "react-router";
import { adminHeaders, adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { AuthCard, BackupCodes } from "~/features/staff/ui/auth-card";
import { enrolSchema } from "~/features/staff/staff-forms";
import {
  enrolChallenge,
  enterAdmin,
  finishEnrol,
  stepSession,
  type EnrolAnswer,
} from "~/features/staff/sign-in-steps.server";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useForm } from "~/ui/use-form";
import { clientAddress } from "~/platform/auth/auth.server";
import { formAction } from "~/platform/http/form-action.server";
import type { Route } from "./+types/enrol";

export const meta: Route.MetaFunction = () => adminMeta("Set up your authenticator");
export const headers: Route.HeadersFunction = () => adminHeaders();

/**
 * GET /admin/enrol: set up an authenticator app. At sign-in when the shop requires a second factor of the
 * member's role and they have none yet, or from My Security at any time.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const s = await stepSession(request, "enrol", true);
  const { qrSvg, secret, sealed } = await enrolChallenge(s.user);
  return { email: s.user.email, pending: s.pending, qrSvg, secret, sealed };
}

export const action = formAction(
  { guard: "same-origin", maxBytes: 4_096 },
  async (fields, { request, context }) => {
    const s = await stepSession(request, "enrol", true);
    // "Continue": the backup codes were shown; in to the admin (with a fresh tab grant).
    if (fields.intent === "continue") enterAdmin(request, s.user);
    const parsed = enrolSchema.safeParse(fields);
    if (!parsed.success)
      return {
        ok: false as const,
        message: "Enter the 6-digit code.",
        fieldErrors: { code: "Enter the 6-digit code." },
      };
    return finishEnrol(request, s, parsed.data, clientAddress(context));
  },
);

export default function Enrol({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const answer = actionData as EnrolAnswer | undefined;
  const form = useForm({ answer, pending: busy, toast: false });
  if (answer?.ok && answer.backupCodes) {
    return (
      <AuthCard title="Authenticator added" intro="From now on you sign in with your password and a code.">
        <BackupCodes codes={answer.backupCodes} />
        {answer.signingIn ? (
          <Form method="post">
            <input type="hidden" name="intent" value="continue" />
            <Button type="submit" className="w-full">
              I have saved my backup codes: continue
            </Button>
          </Form>
        ) : (
          <Link to="/admin/security" className="text-center text-sm font-medium text-primary underline">
            Back to My Security
          </Link>
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set up your authenticator"
      intro={
        loaderData.pending
          ? "The shop asks staff in your role to use a second factor. Set it up once to continue."
          : `Add an authenticator app to ${loaderData.email}.`
      }
      error={form.formError}
    >
      <ol className="grid list-decimal gap-3 pl-5 text-sm">
        <li>
          Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...) and scan
          this code:
          <div
            className="mx-auto mt-2 w-44 rounded-md bg-white p-2"
            role="img"
            aria-label="QR code of your authenticator secret"
            dangerouslySetInnerHTML={{ __html: loaderData.qrSvg }}
          />
        </li>
        <li>
          Or type this key into the app:{" "}
          <code data-testid="totp-secret" className="break-all rounded bg-muted px-1 font-mono">
            {loaderData.secret}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="sealed" value={loaderData.sealed} />
        <Field id="code" name="code" label="Code from the app" error={form.errors.code}>
          {(control) => (
            <Input
              {...control}
              required
              autoComplete="one-time-code"
              inputMode="numeric"
              placeholder="123456"
            />
          )}
        </Field>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Checking..." : "Turn on"}
        </Button>
      </Form>
    </AuthCard>
  );
}
