import { AddButton, AdminTableCard } from "~/features/admin-shell/ui/admin-list";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { useEditDialog } from "~/features/admin-shell/ui/edit-dialog";
import { RowActions, useActiveToggle } from "~/features/admin-shell/ui/row-actions";
import { DiscountCodeDialog, type DiscountCodeRow } from "~/features/discount-codes/ui/discount-code-dialog";
import { Badge } from "~/ui/badge";
import { TableCell, TableRow } from "~/ui/table";
import { discountCodeFormSchema } from "~/features/discount-codes/discount-code-form";
import { APPLIES_TO_LABELS, discountLabel } from "~/features/discount-codes/discounts";
import { describeDays } from "~/shared/ist-dates";
import { formatRupees } from "~/shared/money";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import {
  adminLoader,
  deleteIntent,
  intentAction,
  saveIntents,
} from "~/features/admin-shell/admin-route.server";
import { intentTable, toggleIntent } from "~/platform/auth/admin-action.server";
import {
  createDiscountCode,
  deleteDiscountCode,
  listDiscountCodesAdmin,
  setDiscountCodeActive,
  updateDiscountCode,
  type AdminDiscountCode,
} from "~/features/discount-codes/routes/admin-discount-codes.server";
import type { Route } from "./+types/admin-discount-codes";

export const meta: Route.MetaFunction = () => adminMeta("Discount Codes");

export const loader = adminLoader(async () => ({ codes: await listDiscountCodesAdmin() }), "catalogue");

const actions = intentTable({
  ...saveIntents(
    discountCodeFormSchema,
    { create: createDiscountCode, update: updateDiscountCode },
    {
      created: "Discount code created successfully",
      updated: "Discount code updated successfully",
      failed: () => "Failed to save discount code",
    },
  ),
  toggle: toggleIntent(setDiscountCodeActive, {
    activated: "Discount code activated",
    deactivated: "Discount code deactivated",
    failed: "Failed to update discount code",
  }),
  delete: deleteIntent(deleteDiscountCode, {
    done: "Discount code deleted successfully",
    failed: "Failed to delete discount code",
    withReason: true,
  }),
});

export const action = intentAction(actions, { permission: "catalogue" });

function CodeActions({ code, onEdit }: { code: AdminDiscountCode; onEdit: () => void }) {
  const toggle = useActiveToggle(code.id, code.isActive);
  return (
    <RowActions
      id={code.id}
      name={code.code}
      onEdit={onEdit}
      toggle={toggle}
      confirm={{
        question: "Are you sure you want to delete this discount code?",
        details: `"${code.code}" will be deleted. This cannot be undone.`,
      }}
    />
  );
}

export default function AdminDiscountCodes({ loaderData }: Route.ComponentProps) {
  const { codes } = loaderData;
  const dialog = useEditDialog<DiscountCodeRow>();
  return (
    <AdminPage
      title="Discount Codes"
      description="Codes shoppers enter at checkout, checked and priced by the server"
      liveTables={["discount_codes", "orders", "custom_neon_orders"]}
      action={<AddButton onClick={() => dialog.edit(null)}>Add Code</AddButton>}
    >
      <AdminTableCard
        columns={[
          "Code",
          "Discount",
          { label: "Valid", className: "hidden md:table-cell" },
          { label: "Uses", className: "hidden sm:table-cell" },
        ]}
        items={codes}
        empty="No discount codes yet. Create your first code!"
      >
        {(c) => (
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
                <span className="block text-xs text-muted-foreground">{c.maxUsesPerShopper} per shopper</span>
              ) : null}
            </TableCell>
            <TableCell>
              <CodeActions code={c} onEdit={() => dialog.edit(c)} />
            </TableCell>
          </TableRow>
        )}
      </AdminTableCard>
      <DiscountCodeDialog dialog={dialog} />
    </AdminPage>
  );
}
