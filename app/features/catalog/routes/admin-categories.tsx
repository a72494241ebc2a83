import { AddButton, AdminTableCard } from "~/features/admin-shell/ui/admin-list";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { useEditDialog } from "~/features/admin-shell/ui/edit-dialog";
import { RowActions } from "~/features/admin-shell/ui/row-actions";
import { CategoryDialog, type CategoryRow } from "~/features/catalog/ui/category-dialog";
import { TableCell, TableRow } from "~/ui/table";
import { categoryFormSchema } from "~/features/catalog/admin-catalog";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useOpenOnNew } from "~/ui/use-new-param";
import { formatIstMediumDate } from "~/shared/ist-dates";
import {
  adminLoader,
  deleteIntent,
  intentAction,
  saveIntents,
} from "~/features/admin-shell/admin-route.server";
import { intentTable } from "~/platform/auth/admin-action.server";
import {
  createCategory,
  deleteCategory,
  listCategoriesAdmin,
  updateCategory,
} from "~/features/catalog/admin-categories.server";
import type { Route } from "./+types/admin-categories";

export const meta: Route.MetaFunction = () => adminMeta("Categories");

export const loader = adminLoader(async () => ({ categories: await listCategoriesAdmin() }), "catalogue");

const actions = intentTable({
  ...saveIntents(
    categoryFormSchema,
    { create: createCategory, update: updateCategory },
    {
      created: "Category created successfully",
      updated: "Category updated successfully",
      failed: (reason) => (reason ? `Failed to save category: ${reason}` : "Failed to save category"),
    },
  ),
  delete: deleteIntent(deleteCategory, {
    done: "Category deleted successfully",
    failed: "Failed to delete category",
    withReason: true,
    badId: "Failed to delete category: unknown category",
  }),
});

export const action = intentAction(actions, { permission: "catalogue" });

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const dialog = useEditDialog<CategoryRow>();
  useOpenOnNew(() => dialog.edit(null));

  return (
    <AdminPage
      title="Categories"
      description="Manage your product categories"
      liveTables={["categories", "products"]}
      action={<AddButton onClick={() => dialog.edit(null)}>Add Category</AddButton>}
    >
      <AdminTableCard
        columns={[
          "Name",
          { label: "Description", className: "hidden md:table-cell" },
          { label: "Created At", className: "hidden sm:table-cell" },
        ]}
        items={categories}
        empty="No categories found. Create your first category!"
      >
        {(c) => (
          <TableRow key={c.id}>
            <TableCell className="font-medium">
              {c.name}
              <span className="block text-xs font-normal text-muted-foreground">
                {c.productCount} {c.productCount === 1 ? "product" : "products"}
                <span className="sm:hidden"> · {formatIstMediumDate(c.createdAt)}</span>
              </span>
              <span className="mt-1 block text-sm font-normal text-muted-foreground md:hidden">
                {c.description || "No description"}
              </span>
            </TableCell>
            <TableCell className="hidden min-w-40 max-w-md text-muted-foreground md:table-cell">
              {c.description || "No description"}
            </TableCell>
            <TableCell className="hidden whitespace-nowrap sm:table-cell">
              {formatIstMediumDate(c.createdAt)}
            </TableCell>
            <TableCell>
              <RowActions
                id={c.id}
                name={c.name}
                onEdit={() => dialog.edit(c)}
                confirm={{
                  question: "Are you sure you want to delete this category?",
                  details: `"${c.name}" will be deleted. This cannot be undone.`,
                }}
              />
            </TableCell>
          </TableRow>
        )}
      </AdminTableCard>
      <CategoryDialog dialog={dialog} />
    </AdminPage>
  );
}
