import { data } from "react-router";
import { requireAdmin } from "~/platform/auth/auth.server";
import {
  intentTable,
  intent,
  invalidForm,
  reply,
  adminFormAnswers,
} from "~/platform/auth/admin-action.server";
import { formAction } from "~/platform/http/form-action.server";
import { sameRuleFor } from "~/shared/staff-access";
import { isUuid } from "~/shared/uuid";
import type { Result } from "~/shared/admin-forms";
import type { Actor } from "~/features/order-lifecycle/order-history.server";
import {
  assignSchema,
  emptySchema,
  inboxFilter,
  resolveSchema,
  staffNoteSchema,
  staffReplySchema,
} from "~/features/grievances/grievance-staff";
import {
  acknowledgeGrievance,
  addGrievanceNote,
  assignableStaff,
  assignGrievance,
  grievanceForStaff,
  listGrievances,
  reopenGrievance,
  replyToGrievance,
  resolveGrievance,
} from "~/features/grievances/grievance-desk.server";

/** The admin complaint pages' loaders and action (admins only): the inbox and one ticket. */

export async function adminComplaintsLoader(request: Request) {
  await requireAdmin(request, "orders");
  const filter = inboxFilter(new URL(request.url).searchParams.get("status"));
  return { filter, tickets: await listGrievances(filter) };
}

export async function adminComplaintLoader(request: Request, id: string | undefined) {
  await requireAdmin(request, "orders");
  const ticket = id && isUuid(id) ? await grievanceForStaff(id) : null;
  if (!ticket) throw data(null, { status: 404 });
  return { ticket, staff: await assignableStaff() };
}

type Run = (id: string, input: Record<string, string>, actor: Actor) => Promise<Result>;

/** One intent on the ticket: its schema, what it does, the sentence of its success and of its refusal. */
function ticketIntent(
  name: string,
  schema: Parameters<typeof intent>[0],
  run: Run,
  done: string,
  failed: string,
) {
  return { name, schema, run, done, failed };
}

const INTENTS = [
  ticketIntent(
    "reply",
    staffReplySchema,
    (id, i, a) => replyToGrievance(id, i.body!, a),
    "Reply sent to the shopper.",
    "Reply not sent",
  ),
  ticketIntent(
    "note",
    staffNoteSchema,
    (id, i, a) => addGrievanceNote(id, i.body!, a),
    "Note added.",
    "Note not added",
  ),
  ticketIntent(
    "assign",
    assignSchema,
    (id, i, a) => assignGrievance(id, i.staffId ?? "", a),
    "Assignment saved.",
    "Not assigned",
  ),
  ticketIntent(
    "acknowledge",
    emptySchema,
    (id, _i, a) => acknowledgeGrievance(id, a),
    "Complaint acknowledged.",
    "Not acknowledged",
  ),
  ticketIntent(
    "resolve",
    resolveSchema,
    (id, i, a) => resolveGrievance(id, i.resolution!, a),
    "Complaint resolved; the shopper is told.",
    "Not resolved",
  ),
  ticketIntent(
    "reopen",
    emptySchema,
    (id, _i, a) => reopenGrievance(id, a),
    "Complaint reopened.",
    "Not reopened",
  ),
];

/** POST /admin/complaints/:id: one of the ticket's intents, in the one form answer. */
export const adminComplaintAction = formAction(
  {
    guard: "admin",
    permission: "orders",
    intents: sameRuleFor(
      INTENTS.map((t) => t.name),
      { permission: "orders" },
    ),
    maxBytes: 32 * 1024,
    answers: adminFormAnswers("The form is too large."),
  },
  async (_fields, { form, admin, params }) => {
    const id = params.id ?? "";
    if (!isUuid(id)) throw data(null, { status: 404 });
    const table = intentTable(
      Object.fromEntries(
        INTENTS.map((t) => [
          t.name,
          intent(
            t.schema,
            async (input) =>
              reply(
                t.name,
                await t.run(id, input as Record<string, string>, admin.user),
                () => t.done,
                (f) => (f.fieldErrors ? undefined : f.message || t.failed),
              ),
            (error) => invalidForm(t.name, error),
          ),
        ]),
      ),
    );
    return table.dispatch(form);
  },
);
