import { AlertCircle, Eye, EyeOff, Lock } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { fieldErrorsOf } from "~/shared/form-errors";
import { failedAnswer } from "~/shared/form-answer";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { loginSchema } from "~/features/admin-shell/admin-auth";
import { NOT_ADMIN_EXISTING_SESSION } from "~/shared/sign-in-rules";
import { checkLoginFields } from "~/features/admin-shell/login-fields";
import { adminHeaders, adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useForm } from "~/ui/use-form";
import { PasskeySignIn } from "~/features/admin-shell/ui/passkey-sign-in";
import { login } from "~/platform/auth/admin-login.server";
import { getSession, logout, signInGrantCookie } from "~/platform/auth/auth.server";
import { formAction } from "~/platform/http/form-action.server";
import type { Route } from "./+types/login";

const LOGIN_FORM_MAX_BYTES = 16_384;

/** The page of each unfinished sign-in: the second factor's code, or setting one up. */
const PENDING_STEP = { second_factor: "/admin/login/code", enrol: "/admin/enrol" } as const;

export const meta: Route.MetaFunction = () => adminMeta("Admin Login");
export const headers: Route.HeadersFunction = () => adminHeaders();

export async function loader({ request }: Route.LoaderArgs) {
  const state = await getSession(request);
  // An existing admin session goes straight to the admin area.
  if (state.status === "admin") throw redirect("/admin");
  // A sign-in half done (the password was right): its next step.
  if (state.status === "pending") throw redirect(PENDING_STEP[state.session.stage]);
  if (state.status === "not_admin") {
    return data({ notice: NOT_ADMIN_EXISTING_SESSION }, { headers: { "Set-Cookie": await logout(request) } });
  }
  return { notice: null };
}

export const action = formAction(
  {
    guard: "same-origin",
    // Read with a cap while it streams: an email and a password fit in a few kilobytes.
    maxBytes: LOGIN_FORM_MAX_BYTES,
    schema: loginSchema,
    values: (form) => ({ email: form.get("email"), password: form.get("password") }),
    // A form that does not pass the schema shows its field messages only (no banner).
    answers: { invalid: (error) => data(failedAnswer(undefined, fieldErrorsOf(error)), { status: 400 }) },
  },
  async (input, { request, clientNetwork }) => {
    const result = await login(request, { ...input, ip: clientNetwork });
    if (!result.ok) return data(failedAnswer(result.error), { status: result.status });
    // The session cookie, and a one-minute note that lets the tab that signed in mark itself as an admin
    // tab (works before the page's JavaScript has loaded, too).
    const headers = new Headers([
      ["Set-Cookie", result.setCookie],
      ["Set-Cookie", result.deviceCookie],
      ["Set-Cookie", signInGrantCookie(request)],
    ]);
    throw redirect(result.stage === "full" ? "/admin" : PENDING_STEP[result.stage], { headers });
  },
);

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.split("?")[0] === "/admin/login";
  const [showPassword, setShowPassword] = useState(false);
  // The browser's own required/email checks stay (no noValidate); the hook adds live re-checks and the
  // server's answer, whose sentence shows in the banner.
  const form = useForm({ answer: actionData, pending: busy, schema: checkLoginFields, toast: false });
  const { errors } = form;
  const error = form.formError ?? loaderData.notice;

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-[#1a0b1f] via-background to-[#0b1420] p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/15">
            <Lock className="size-6 text-primary" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold">Admin Login</h1>
          <p className="text-sm text-muted-foreground">Sign in to access the admin panel</p>
        </CardHeader>
        <CardContent>
          <Form
            method="post"
            className="flex flex-col gap-4"
            onChange={form.props.onChange}
            onBlur={form.props.onBlur}
          >
            {error ? (
              <div
                role="alert"
                className="flex items-start gap-2 rounded-md border border-destructive/60 bg-destructive/15 p-3 text-sm"
              >
                <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                <span>{error}</span>
              </div>
            ) : null}
            <Field id="email" name="email" label="Email Address" error={errors.email}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  required
                  autoComplete="username"
                  placeholder="admin@example.com"
                />
              )}
            </Field>
            <Field id="password" name="password" label="Password" error={errors.password}>
              {(control) => (
                <div className="relative">
                  <Input
                    {...control}
                    type={showPassword ? "text" : "password"}
                    required
                    autoComplete="current-password"
                    placeholder="Enter your password"
                    className="pr-10"
                  />
                  <button
                    type="button"
                    onClick={() => setShowPassword((s) => !s)}
                    aria-label={showPassword ? "Hide password" : "Show password"}
                    aria-pressed={showPassword}
                    className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {showPassword ? (
                      <EyeOff className="size-4" aria-hidden="true" />
                    ) : (
                      <Eye className="size-4" aria-hidden="true" />
                    )}
                  </button>
                </div>
              )}
            </Field>
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? "Signing In..." : "Sign In"}
            </Button>
          </Form>
          <div className="mt-4">
            <PasskeySignIn />
          </div>
          <p className="mt-6 rounded-md bg-muted p-3 text-center text-xs text-muted-foreground">
            Admin accounts are created manually. If you need access, please contact support.
          </p>
          <p className="mt-4 text-center text-sm">
            <Link
              to="/"
              className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            >
              Back to the shop
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
