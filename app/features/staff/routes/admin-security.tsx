import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ROLE_LABELS } from "~/shared/staff-access";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { BackupCodes } from "~/features/staff/ui/auth-card";
import { PasskeyList } from "~/features/staff/ui/passkey-list";
import {
  mySecurity,
  removePasskey,
  renewBackupCodes,
  signOutEverywhere,
} from "~/features/staff/security.server";
import { failedAnswer, okAnswer, type FormAnswer } from "~/shared/form-answer";
import { formatIstDateTime } from "~/shared/ist-dates";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { useForm } from "~/ui/use-form";
import { clearSessionCookie, requireAdmin } from "~/platform/auth/auth.server";
import { formAction } from "~/platform/http/form-action.server";
import type { Route } from "./+types/admin-security";

export const meta: Route.MetaFunction = () => adminMeta("My Security");

/** GET /admin/security: the member's own sessions, second factor, backup codes and passkeys. */
export async function loader({ request }: Route.LoaderArgs) {
  const s = await requireAdmin(request, "self");
  return { email: s.user.email, role: ROLE_LABELS[s.user.role], ...(await mySecurity(s.user.id, s.idHash)) };
}

type SecurityAnswer = FormAnswer & { backupCodes?: string[] };

export const action = formAction(
  {
    guard: "admin",
    permission: "self",
    maxBytes: 4_096,
    // New backup codes and removing a passkey change the second factor: proved again after 5 minutes.
    stepUp: (fields) => fields.intent === "backup-codes" || fields.intent === "remove-passkey",
  },
  async (fields, { request, admin }) => {
    if (fields.intent === "sign-out-everywhere") {
      await signOutEverywhere(admin.user.id);
      throw redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie(request) } });
    }
    if (fields.intent === "backup-codes" && admin.hasSecondFactor)
      return data<SecurityAnswer>({
        ...okAnswer("New backup codes made: the old ones no longer work."),
        backupCodes: await renewBackupCodes(admin.user.id),
      });
    if (fields.intent === "remove-passkey" && (await removePasskey(admin.user.id, fields.id ?? "")))
      return data<SecurityAnswer>(okAnswer("Passkey removed."));
    return data<SecurityAnswer>(failedAnswer("Unknown action."), { status: 400 });
  },
);

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const answer = actionData as SecurityAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  useForm({ answer, pending: busy });
  return (
    <AdminPage title="My Security" description={`${d.email} · ${d.role}`}>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Second factor</h2>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <p>
            Authenticator app: <strong>{d.hasAuthenticator ? "on" : "not set up"}</strong>
            {d.hasAuthenticator ? ` · ${d.backupCodesLeft} backup codes left` : null}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/enrol">
                {d.hasAuthenticator ? "Move to a new phone" : "Set up an authenticator app"}
              </Link>
            </Button>
            {d.hasAuthenticator ? (
              <Form method="post">
                <Button type="submit" name="intent" value="backup-codes" variant="outline" size="sm">
                  New backup codes
                </Button>
              </Form>
            ) : null}
          </div>
          {answer?.backupCodes ? <BackupCodes codes={answer.backupCodes} /> : null}
        </CardContent>
      </Card>
      <PasskeyList passkeys={d.passkeys} />
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Where you are signed in</h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          <ul className="grid gap-2 text-sm" aria-label="Sessions">
            {d.sessions.map((s, i) => (
              <li key={i} className="rounded-md border p-3">
                <p className="break-words font-medium">
                  {s.userAgent ?? "Unknown browser"} {s.current ? "(this browser)" : null}
                </p>
                <p className="text-muted-foreground">
                  Network {s.ip ?? "unknown"} · signed in {formatIstDateTime(s.createdAt)} · last seen{" "}
                  {formatIstDateTime(s.lastSeenAt)}
                </p>
              </li>
            ))}
          </ul>
          <Form method="post">
            <Button type="submit" name="intent" value="sign-out-everywhere" variant="destructive" size="sm">
              Sign out everywhere
            </Button>
          </Form>
        </CardContent>
      </Card>
    </AdminPage>
  );
}
