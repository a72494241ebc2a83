import { data, Form, redirect, useNavigation } from "react-router";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { codeSchema } from "~/features/staff/staff-forms";
import { failedAnswer, type FormAnswer } from "~/shared/form-answer";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useForm } from "~/ui/use-form";
import { requireAdmin } from "~/platform/auth/auth.server";
import { safeNext } from "~/platform/auth/step-up.server";
import { checkSecondFactor, markVerified } from "~/platform/auth/sign-in-stage.server";
import { formAction } from "~/platform/http/form-action.server";
import type { Route } from "./+types/step-up";

export const meta: Route.MetaFunction = () => adminMeta("Confirm it is you");

/**
 * GET /admin/step-up?next=…: refunds, exports, staff changes and payment or courier settings ask for the
 * second factor again after 5 minutes (step-up.server.ts). A plain form: the code is checked, then the
 * member goes back to the page they were on and sends the action again.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "self");
  return { next: safeNext(new URL(request.url).searchParams.get("next")) };
}

export const action = formAction(
  { guard: "admin", permission: "self", audit: false, maxBytes: 4_096, schema: codeSchema },
  async (input, { request, admin, clientNetwork }) => {
    const check = await checkSecondFactor(request, admin, input.code, clientNetwork);
    if (!check.ok)
      return data<FormAnswer>(failedAnswer(check.error, { code: check.error }), { status: check.status });
    await markVerified(admin.idHash, admin.user.id, false);
    throw redirect(safeNext(new URL(request.url).searchParams.get("next")));
  },
);

export default function StepUp({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const form = useForm({ answer: actionData, pending: busy, toast: false });
  return (
    <AdminPage
      title="Confirm it is you"
      description="This needs your second factor again (it was last checked more than 5 minutes ago)."
    >
      <Card className="max-w-md">
        <CardContent className="pt-6">
          <Form method="post" action={`?next=${encodeURIComponent(loaderData.next)}`} className="grid gap-4">
            {form.formError ? (
              <p role="alert" className="text-sm text-destructive">
                {form.formError}
              </p>
            ) : null}
            <Field id="code" name="code" label="Authenticator code or backup code" error={form.errors.code}>
              {(control) => <Input {...control} required autoFocus autoComplete="one-time-code" />}
            </Field>
            <Button type="submit" disabled={busy}>
              {busy ? "Checking..." : "Confirm and go back"}
            </Button>
          </Form>
          <p className="mt-4 text-sm text-muted-foreground">
            After confirming you return to the page you were on: send the form again.
          </p>
        </CardContent>
      </Card>
    </AdminPage>
  );
}
