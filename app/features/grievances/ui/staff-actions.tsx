import type { ReactNode } from "react";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { useFetcherForm } from "~/ui/use-form";
import { NativeSelect } from "~/features/admin-shell/ui/native-select";
import {
  resolveSchema,
  STAFF_TEXT_MAX,
  staffNoteSchema,
  staffReplySchema,
} from "~/features/grievances/grievance-staff";
import type { FormValidator } from "~/shared/form-errors";
import type { AssignableStaff, StaffTicket } from "~/features/grievances/grievance-desk.server";

type Ticket = Pick<StaffTicket, "id" | "number" | "status" | "assignedTo">;

/** One of the ticket's forms: its own fetcher, the intent, a reset after a success. */
function IntentForm({
  name,
  label,
  toast,
  variant = "default",
  schema,
  children,
}: {
  name: string;
  schema?: FormValidator;
  label: string;
  toast: { ok: string; failed: string };
  variant?: "default" | "outline" | "secondary";
  children?: (errors: Record<string, string | undefined>) => ReactNode;
}) {
  const { fetcher, errors, pending, props } = useFetcherForm({
    key: `complaint-${name}`,
    toast,
    ...(schema ? { schema } : {}),
    onAnswer: (a) => {
      if (a.ok) document.querySelector<HTMLFormElement>(`form[data-intent="${name}"]`)?.reset();
    },
  });
  return (
    <fetcher.Form method="post" className="grid gap-3" data-intent={name} {...props}>
      <input type="hidden" name="intent" value={name} />
      {children?.(errors)}
      <div>
        <Button type="submit" variant={variant} disabled={pending}>
          {label}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** What staff do on a ticket: reply by e-mail, note, assign, acknowledge, resolve, reopen. */
export function StaffActions({ ticket: t, staff }: { ticket: Ticket; staff: AssignableStaff[] }) {
  const resolved = t.status === "resolved";
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Reply to the shopper</h2>
        </CardHeader>
        <CardContent className="space-y-6">
          <IntentForm
            name="reply"
            schema={staffReplySchema}
            label="Send reply"
            toast={{ ok: "Reply sent", failed: "Reply not sent" }}
          >
            {(errors) => (
              <Field
                id="gr-staff-reply"
                name="body"
                label="Reply (e-mailed and shown on the shopper's page)"
                error={errors.body}
              >
                {(control) => <Textarea {...control} rows={4} maxLength={STAFF_TEXT_MAX} />}
              </Field>
            )}
          </IntentForm>
          <IntentForm
            name="note"
            schema={staffNoteSchema}
            label="Add note"
            variant="outline"
            toast={{ ok: "Note added", failed: "Note not added" }}
          >
            {(errors) => (
              <Field
                id="gr-staff-note"
                name="body"
                label="Internal note (never shown to the shopper)"
                error={errors.body}
              >
                {(control) => <Textarea {...control} rows={2} maxLength={STAFF_TEXT_MAX} />}
              </Field>
            )}
          </IntentForm>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Handling</h2>
        </CardHeader>
        <CardContent className="space-y-6">
          <IntentForm
            name="assign"
            label="Assign"
            variant="outline"
            toast={{ ok: "Assigned", failed: "Not assigned" }}
          >
            {(errors) => (
              <Field id="gr-assign" name="staffId" label="Assigned to" error={errors.staffId}>
                {(control) => (
                  <NativeSelect {...control} defaultValue={t.assignedTo ?? ""} key={t.assignedTo ?? ""}>
                    <option value="">Nobody</option>
                    {staff.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.email}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
            )}
          </IntentForm>
          {t.status === "open" ? (
            <IntentForm
              name="acknowledge"
              label="Acknowledge"
              variant="secondary"
              toast={{ ok: "Acknowledged", failed: "Not acknowledged" }}
            />
          ) : null}
          {resolved ? (
            <IntentForm
              name="reopen"
              label="Reopen"
              variant="outline"
              toast={{ ok: "Reopened", failed: "Not reopened" }}
            />
          ) : (
            <IntentForm
              name="resolve"
              schema={resolveSchema}
              label="Resolve"
              toast={{ ok: "Resolved", failed: "Not resolved" }}
            >
              {(errors) => (
                <Field
                  id="gr-resolution"
                  name="resolution"
                  label="Resolution (required; e-mailed to the shopper)"
                  error={errors.resolution}
                >
                  {(control) => <Textarea {...control} rows={3} maxLength={STAFF_TEXT_MAX} />}
                </Field>
              )}
            </IntentForm>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
