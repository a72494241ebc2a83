import { Form, useNavigation } from "react-router";
import { ROLE_LABELS, ROLES } from "~/shared/staff-access";
import { ROLE_SUMMARIES } from "~/features/admin-shell/admin-nav";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { ChoiceSelect } from "~/features/admin-shell/ui/native-select";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useForm } from "~/ui/use-form";
import { formatIstDateTime } from "~/shared/ist-dates";
import { staffPageAction, staffPageData } from "./admin-staff.server";
import type { Route } from "./+types/admin-staff";

export const meta: Route.MetaFunction = () => adminMeta("Staff");

export const loader = ({ request }: Route.LoaderArgs) => staffPageData(request);
export const action = staffPageAction;

type Member = Route.ComponentProps["loaderData"]["staff"][number];

function MemberRow({ m, me }: { m: Member; me: string }) {
  return (
    <li className="grid gap-3 rounded-lg border p-4 md:grid-cols-[1fr_auto] md:items-center">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-all">{m.email}</span>
          {m.id === me ? <Badge variant="secondary">you</Badge> : null}
          {m.disabled ? <Badge variant="destructive">disabled</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {ROLE_LABELS[m.role]} · second factor:{" "}
          {m.hasAuthenticator || m.passkeys > 0
            ? [m.hasAuthenticator ? "authenticator" : null, m.passkeys ? `${m.passkeys} passkey(s)` : null]
                .filter(Boolean)
                .join(", ")
            : "none"}{" "}
          · last sign-in: {m.lastSignInAt ? formatIstDateTime(m.lastSignInAt) : "never"}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Form method="post" className="flex items-center gap-2">
          <input type="hidden" name="id" value={m.id} />
          <ChoiceSelect
            name="role"
            aria-label={`Role of ${m.email}`}
            choices={ROLES}
            labels={ROLE_LABELS}
            defaultValue={m.role}
            className="w-36"
          />
          <Button type="submit" name="intent" value="role" variant="outline" size="sm">
            Change role
          </Button>
        </Form>
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="id" value={m.id} />
          <Button
            type="submit"
            name="intent"
            value={m.disabled ? "enable" : "disable"}
            variant="outline"
            size="sm"
          >
            {m.disabled ? "Enable" : "Disable"}
          </Button>
          {m.hasAuthenticator || m.passkeys > 0 ? (
            <Button type="submit" name="intent" value="reset-second-factor" variant="outline" size="sm">
              Reset second factor
            </Button>
          ) : null}
          <Button type="submit" name="intent" value="remove" variant="destructive" size="sm">
            Remove
          </Button>
        </Form>
      </div>
    </li>
  );
}

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, invites, policy, me } = loaderData;
  const busy = useNavigation().state === "submitting";
  const form = useForm({ answer: actionData, pending: busy });
  return (
    <AdminPage title="Staff" description="Who may use the admin, in which role. Only Owners see this page.">
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Invite a staff member</h2>
          <p className="text-sm text-muted-foreground">
            They get a one-time link (valid 72 hours) to choose their password.
          </p>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-3 md:grid-cols-[1fr_12rem_auto] md:items-end">
            <Field id="invite-email" name="email" label="E-mail" error={form.errors.email}>
              {(control) => <Input {...control} type="email" required autoComplete="off" />}
            </Field>
            <div className="grid gap-2">
              <label htmlFor="invite-role" className="text-sm font-medium">
                Role
              </label>
              <ChoiceSelect
                id="invite-role"
                name="role"
                choices={ROLES}
                labels={ROLE_LABELS}
                defaultValue="operations"
              />
            </div>
            <Button type="submit" name="intent" value="invite" disabled={busy}>
              Send invitation
            </Button>
          </Form>
          <ul className="mt-4 grid gap-1 text-sm text-muted-foreground">
            {ROLES.map((r) => (
              <li key={r}>
                <span className="font-medium text-foreground">{ROLE_LABELS[r]}:</span> {ROLE_SUMMARIES[r]}
              </li>
            ))}
          </ul>
          {invites.length > 0 ? (
            <div className="mt-4">
              <h3 className="font-medium">Invitations not yet accepted</h3>
              <ul className="text-sm">
                {invites.map((i) => (
                  <li key={i.id}>
                    {i.email} · {ROLE_LABELS[i.role]} · link works until {formatIstDateTime(i.expiresAt)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </CardContent>
      </Card>
      <section aria-labelledby="members" className="grid gap-3">
        <h2 id="members" className="text-lg font-semibold">
          Members
        </h2>
        <ul className="grid gap-3">
          {staff.map((m) => (
            <MemberRow key={m.id} m={m} me={me} />
          ))}
        </ul>
      </section>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Second factor and audit trail</h2>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">
                Roles that must use a second factor to sign in
              </legend>
              {ROLES.map((r) => (
                <label key={r} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="secondFactorRoles"
                    value={r}
                    defaultChecked={policy.secondFactorRoles.includes(r)}
                    className="size-4"
                  />
                  {ROLE_LABELS[r]}
                </label>
              ))}
            </fieldset>
            <Field
              id="retention"
              name="auditRetentionDays"
              label="Keep the audit trail for (days)"
              error={form.errors.auditRetentionDays}
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  min={90}
                  max={3650}
                  defaultValue={policy.auditRetentionDays}
                  className="w-40"
                />
              )}
            </Field>
            <Button type="submit" name="intent" value="policy" variant="outline" className="w-fit">
              Save policy
            </Button>
          </Form>
        </CardContent>
      </Card>
    </AdminPage>
  );
}
