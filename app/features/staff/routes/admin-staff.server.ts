import { data } from "react-router";
import { failedAnswer, okAnswer, type FormAnswer } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import { clientAddress, requireAdmin } from "~/platform/auth/auth.server";
import { saveStaffPolicy, staffPolicyNow } from "~/platform/auth/second-factor.server";
import { recordAudit } from "~/platform/audit.server";
import { formAction } from "~/platform/http/form-action.server";
import { inviteSchema, memberSchema, policySchema, roleChangeSchema } from "~/features/staff/staff-forms";
import { changeStaff, inviteStaff, listPendingInvites, listStaff } from "~/features/staff/staff.server";

/** /admin/staff (Owner only): the staff, pending invitations, and the staff policy. */
export async function staffPageData(request: Request) {
  const me = await requireAdmin(request, "staff");
  const [staff, invites, policy] = await Promise.all([listStaff(), listPendingInvites(), staffPolicyNow()]);
  return { me: me.user.id, staff, invites, policy };
}

const invalid = (error: Parameters<typeof fieldErrorsOf>[0], intent: string) =>
  data<FormAnswer>(failedAnswer("Please check the highlighted fields.", fieldErrorsOf(error), intent), {
    status: 400,
  });

/**
 * The page's forms. Staff changes ask for the second factor again after 5 minutes (step-up); each change
 * writes its own audit row (staff.server.ts), so the generic one is off.
 */
export const staffPageAction = formAction(
  { guard: "admin", permission: "staff", stepUp: true, audit: false, maxBytes: 8_192 },
  async (fields, { form, admin, context }) => {
    const ip = clientAddress(context);
    const intent = fields.intent ?? "";
    if (intent === "invite") {
      const parsed = inviteSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error, intent);
      const r = await inviteStaff(admin.user, ip, parsed.data);
      return r.ok
        ? data<FormAnswer>(okAnswer(r.message, intent))
        : data<FormAnswer>(failedAnswer(r.message, { email: r.message }, intent), { status: r.status });
    }
    if (intent === "policy") {
      const parsed = policySchema.safeParse({
        ...fields,
        secondFactorRoles: form.getAll("secondFactorRoles"),
      });
      if (!parsed.success) return invalid(parsed.error, intent);
      const before = await staffPolicyNow();
      await saveStaffPolicy(parsed.data);
      await recordAudit({
        actor: admin.user,
        ip,
        kind: "setting",
        action: "staff-policy",
        before,
        after: parsed.data,
      });
      return data<FormAnswer>(okAnswer("Staff policy saved.", intent));
    }
    if (intent === "role") {
      const parsed = roleChangeSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error, intent);
      return answer(intent, await changeStaff(admin.user, ip, parsed.data.id, "role", parsed.data.role));
    }
    if (
      intent === "disable" ||
      intent === "enable" ||
      intent === "remove" ||
      intent === "reset-second-factor"
    ) {
      const parsed = memberSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error, intent);
      return answer(intent, await changeStaff(admin.user, ip, parsed.data.id, intent));
    }
    return data<FormAnswer>(failedAnswer("Unknown action.", undefined, intent), { status: 400 });
  },
);

function answer(intent: string, r: Awaited<ReturnType<typeof changeStaff>>) {
  return r.ok
    ? data<FormAnswer>(okAnswer(r.message, intent))
    : data<FormAnswer>(failedAnswer(r.message, undefined, intent), { status: r.status });
}
