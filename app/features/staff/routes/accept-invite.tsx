import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ROLE_LABELS } from "~/shared/staff-access";
import { homeOf } from "~/features/admin-shell/admin-nav";
import { adminHeaders, adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { AuthCard } from "~/features/staff/ui/auth-card";
import { newPasswordSchema } from "~/features/staff/staff-forms";
import { acceptInvitation, openInvitation } from "~/features/staff/staff.server";
import { failedAnswer } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useForm } from "~/ui/use-form";
import { clientAddress, signInGrantCookie } from "~/platform/auth/auth.server";
import { staffPolicyNow } from "~/platform/auth/second-factor.server";
import { startSession } from "~/platform/auth/sign-in-stage.server";
import { formAction } from "~/platform/http/form-action.server";
import type { Route } from "./+types/accept-invite";

export const meta: Route.MetaFunction = () => adminMeta("Join the staff");
export const headers: Route.HeadersFunction = () => ({ ...adminHeaders(), "Referrer-Policy": "no-referrer" });

const GONE = "This invitation link has expired or was already used. Ask the shop owner for a new one.";

/** GET /admin/invite/:token: an invitation's one-time link (72 hours), where the new member sets a password. */
export async function loader({ params }: Route.LoaderArgs) {
  const invite = await openInvitation(params.token);
  if (!invite) return data({ invite: null }, { status: 410 });
  return { invite: { email: invite.email, role: ROLE_LABELS[invite.role] } };
}

export const action = formAction(
  {
    guard: "same-origin",
    limit: "staffInvitePerClient",
    maxBytes: 4_096,
    schema: newPasswordSchema,
    answers: { invalid: (error) => data(failedAnswer(undefined, fieldErrorsOf(error)), { status: 400 }) },
  },
  async (input, { request, params, context, clientNetwork }) => {
    const r = await acceptInvitation(params.token ?? "", input.password, clientAddress(context));
    if (!r.ok && r.passwordProblem)
      return data(failedAnswer(undefined, { password: r.passwordProblem }), { status: 400 });
    if (!r.ok) return data(failedAnswer(GONE), { status: 410 });
    // Signed in at once; when the shop requires a second factor of this role, it is set up first.
    const policy = await staffPolicyNow();
    const stage = policy.secondFactorRoles.includes(r.role) ? "enrol" : "full";
    const headers = new Headers([
      ["Set-Cookie", await startSession(request, r.userId, stage, clientNetwork)],
    ]);
    if (stage === "full") headers.append("Set-Cookie", signInGrantCookie(request));
    throw redirect(stage === "enrol" ? "/admin/enrol" : homeOf(r.role), { headers });
  },
);

export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const form = useForm({ answer: actionData, pending: busy, toast: false });
  const { invite } = loaderData;
  if (!invite) {
    return (
      <AuthCard title="Invitation not valid" error={GONE}>
        <Link to="/admin/login" className="text-center text-sm text-primary underline">
          Go to Admin Login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Join the staff"
      intro={`You are invited as ${invite.role}. Choose a password for ${invite.email}.`}
      error={form.formError}
    >
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="username" autoComplete="username" value={invite.email} />
        <Field id="password" name="password" label="New password" error={form.errors.password}>
          {(control) => <Input {...control} type="password" required autoComplete="new-password" />}
        </Field>
        <Field id="confirm" name="confirm" label="Password again" error={form.errors.confirm}>
          {(control) => <Input {...control} type="password" required autoComplete="new-password" />}
        </Field>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Saving..." : "Set password and continue"}
        </Button>
      </Form>
    </AuthCard>
  );
}
