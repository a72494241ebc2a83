import { Form, useNavigation } from "react-router";
import { adminHeaders, adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { AuthCard } from "~/features/staff/ui/auth-card";
import { codeSchema } from "~/features/staff/staff-forms";
import { signInCode, stepSession } from "~/features/staff/sign-in-steps.server";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useForm } from "~/ui/use-form";
import { formAction } from "~/platform/http/form-action.server";
import type { Route } from "./+types/sign-in-code";

export const meta: Route.MetaFunction = () => adminMeta("Sign-in code");
export const headers: Route.HeadersFunction = () => adminHeaders();

/** GET /admin/login/code: the second step of a sign-in whose password was right. */
export async function loader({ request }: Route.LoaderArgs) {
  const s = await stepSession(request, "second_factor");
  return { email: s.user.email };
}

export const action = formAction(
  { guard: "same-origin", maxBytes: 2_048, schema: codeSchema },
  async (input, { request, clientNetwork }) =>
    signInCode(request, await stepSession(request, "second_factor"), input.code, clientNetwork),
);

export default function SignInCode({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const form = useForm({ answer: actionData, pending: busy, toast: false });
  return (
    <AuthCard
      title="Enter your code"
      intro={`Signing in as ${loaderData.email}: open your authenticator app and enter its 6-digit code.`}
      error={form.formError}
    >
      <Form method="post" className="grid gap-4">
        <Field id="code" name="code" label="Authenticator code or backup code" error={form.errors.code}>
          {(control) => (
            <Input
              {...control}
              required
              autoFocus
              autoComplete="one-time-code"
              inputMode="text"
              placeholder="123456"
            />
          )}
        </Field>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Checking..." : "Verify"}
        </Button>
      </Form>
      <p className="text-sm text-muted-foreground">
        Lost your phone? Enter one of your backup codes above, or ask the shop owner to reset your second
        factor.
      </p>
      <Form method="post" action="/admin/logout" reloadDocument className="text-center">
        <Button type="submit" variant="link" size="sm">
          Cancel and sign out
        </Button>
      </Form>
    </AuthCard>
  );
}
