import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/features/admin-shell/ui/admin-page-header";
import { ConfirmDialog } from "~/features/admin-shell/ui/confirm-dialog";
import { DiscountCodeDialog, type DiscountCodeRow } from "~/features/discount-codes/ui/discount-code-dialog";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { Switch } from "~/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { idSchema, MAX_PLAIN_FORM_BYTES, type AdminActionData } from "~/shared/admin-forms";
import { discountCodeFormSchema } from "~/features/discount-codes/discount-code-form";
import { APPLIES_TO_LABELS, discountLabel } from "~/features/discount-codes/discounts";
import { describeDays } from "~/shared/ist-dates";
import { formatRupees } from "~/shared/money";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useActionResult } from "~/ui/use-action-result";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import {
  badRequest,
  failsAt,
  intent,
  intentTable,
  invalidForm,
  adminFormAnswers,
  reply,
  toggleIntent,
} from "~/platform/auth/admin-action.server";
import { formAction } from "~/platform/http/form-action.server";
import {
  createDiscountCode,
  deleteDiscountCode,
  listDiscountCodesAdmin,
  setDiscountCodeActive,
  updateDiscountCode,
  type AdminDiscountCode,
} from "~/features/discount-codes/routes/admin-discount-codes.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import type { Route } from "./+types/admin-discount-codes";

export const meta: Route.MetaFunction = () => adminMeta("Discount Codes");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { codes: await listDiscountCodesAdmin() };
}

const failedSave = { title: "Error", description: "Failed to save discount code" };

const actions = intentTable({
  create: intent(
    discountCodeFormSchema,
    async (input) =>
      reply(
        "create",
        await createDiscountCode(input),
        () => ({ title: "Success", description: "Discount code created successfully" }),
        (f) => (f.fieldErrors ? undefined : failedSave),
      ),
    (error) => invalidForm("create", error),
  ),
  update: intent(
    discountCodeFormSchema.safeExtend(idSchema.shape),
    async ({ id, ...input }) =>
      reply(
        "update",
        await updateDiscountCode(id, input),
        () => ({ title: "Success", description: "Discount code updated successfully" }),
        (f) => (f.fieldErrors ? undefined : failedSave),
      ),
    (error) =>
      failsAt(error, "id") ? badRequest("update", failedSave.description) : invalidForm("update", error),
  ),
  toggle: toggleIntent(setDiscountCodeActive, {
    activated: "Discount code activated",
    deactivated: "Discount code deactivated",
    failed: "Failed to update discount code",
  }),
  delete: intent(
    idSchema,
    async ({ id }) =>
      reply(
        "delete",
        await deleteDiscountCode(id),
        () => ({ title: "Success", description: "Discount code deleted successfully" }),
        (f) => ({ title: "Error", description: `Failed to delete discount code: ${f.message}` }),
      ),
    () => badRequest("delete", "Failed to delete discount code"),
  ),
});

export const action = formAction(
  { guard: "admin", maxBytes: MAX_PLAIN_FORM_BYTES, answers: adminFormAnswers("The form is too large.") },
  (_fields, { form }) => actions.dispatch(form),
);

function CodeActions({ code, onEdit }: { code: AdminDiscountCode; onEdit: () => void }) {
  const toggle = useFetcher<AdminActionData>();
  const remove = useFetcher<AdminActionData>();
  const [confirming, setConfirming] = useState(false);
  useActionResult(toggle.data);
  useActionResult(remove.data);
  const pending = toggle.formData?.get("isActive");
  const active = pending === undefined || pending === null ? code.isActive : pending === "true";
  return (
    <div className="flex items-center justify-end gap-1">
      <Switch
        checked={active}
        aria-label={`${code.code} active`}
        onCheckedChange={(checked) =>
          void toggle.submit({ intent: "toggle", id: code.id, isActive: String(checked) }, { method: "post" })
        }
      />
      <Button type="button" variant="ghost" size="icon" aria-label={`Edit ${code.code}`} onClick={onEdit}>
        <Pencil />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Delete ${code.code}`}
        disabled={remove.state !== "idle"}
        onClick={() => setConfirming(true)}
        className="text-red-400 hover:text-red-300"
      >
        <Trash2 />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        question="Are you sure you want to delete this discount code?"
        details={`"${code.code}" will be deleted. This cannot be undone.`}
        onConfirm={() => void remove.submit({ intent: "delete", id: code.id }, { method: "post" })}
      />
    </div>
  );
}

export default function AdminDiscountCodes({ loaderData }: Route.ComponentProps) {
  const { codes } = loaderData;
  const [dialog, setDialog] = useState<{ open: boolean; code: DiscountCodeRow | null }>({
    open: false,
    code: null,
  });
  const { connected } = useLiveRevalidate({
    url: "/api/admin/events",
    tables: ["discount_codes", "orders", "custom_neon_orders"],
  });
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Discount Codes"
        description="Codes shoppers enter at checkout, checked and priced by the server"
        live={connected}
      >
        <Button type="button" onClick={() => setDialog({ open: true, code: null })}>
          <Plus /> Add Code
        </Button>
      </AdminPageHeader>
      <Card>
        <CardContent className="p-0 sm:p-2">
          {codes.length === 0 ? (
            <p className="p-8 text-center text-muted-foreground">
              No discount codes yet. Create your first code!
            </p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Code</TableHead>
                  <TableHead>Discount</TableHead>
                  <TableHead className="hidden md:table-cell">Valid</TableHead>
                  <TableHead className="hidden sm:table-cell">Uses</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {codes.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell className="font-mono font-semibold">
                      {c.code}
                      <span className="block font-sans text-xs font-normal text-muted-foreground">
                        {c.description ?? ""}
                      </span>
                      {c.isActive ? null : (
                        <Badge variant="secondary" className="mt-1 font-sans">
                          Inactive
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell>
                      {discountLabel(c)}
                      <span className="block text-xs text-muted-foreground">
                        {APPLIES_TO_LABELS[c.appliesTo]}
                        {c.minSubtotal > 0 ? ` · from ${formatRupees(c.minSubtotal)}` : ""}
                      </span>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap md:table-cell">
                      {describeDays(c.startsOn, c.endsOn)}
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap sm:table-cell">
                      {c.uses}
                      {c.maxUses !== null ? ` / ${c.maxUses}` : ""}
                      {c.maxUsesPerShopper !== null ? (
                        <span className="block text-xs text-muted-foreground">
                          {c.maxUsesPerShopper} per shopper
                        </span>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <CodeActions code={c} onEdit={() => setDialog({ open: true, code: c })} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <DiscountCodeDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        code={dialog.code}
      />
    </div>
  );
}
