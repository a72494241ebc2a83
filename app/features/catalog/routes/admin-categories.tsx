import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/features/admin-shell/ui/admin-page-header";
import { CategoryDialog, type CategoryRow } from "~/features/catalog/ui/category-dialog";
import { ConfirmDialog } from "~/features/admin-shell/ui/confirm-dialog";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { categoryFormSchema } from "~/features/catalog/admin-catalog";
import { idSchema, MAX_PLAIN_FORM_BYTES, type AdminActionData } from "~/shared/admin-forms";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useActionResult } from "~/ui/use-action-result";
import { useOpenOnNew } from "~/ui/use-new-param";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import { formatIstMediumDate } from "~/shared/ist-dates";
import {
  badRequest,
  failsAt,
  intent,
  intentTable,
  invalidForm,
  adminFormAnswers,
  reply,
} from "~/platform/auth/admin-action.server";
import { formAction } from "~/platform/http/form-action.server";
import {
  createCategory,
  deleteCategory,
  listCategoriesAdmin,
  updateCategory,
} from "~/features/catalog/admin-categories.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import type { Route } from "./+types/admin-categories";

export const meta: Route.MetaFunction = () => adminMeta("Categories");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { categories: await listCategoriesAdmin() };
}

const failedSave = (message?: string) => ({
  title: "Error",
  description: message ? `Failed to save category: ${message}` : "Failed to save category",
});

const actions = intentTable({
  create: intent(
    categoryFormSchema,
    async (input) =>
      reply(
        "create",
        await createCategory(input),
        () => ({ title: "Success", description: "Category created successfully" }),
        (f) => (f.fieldErrors ? undefined : failedSave()),
      ),
    (error) => invalidForm("create", error),
  ),
  update: intent(
    categoryFormSchema.extend(idSchema.shape),
    async ({ id, ...input }) =>
      reply(
        "update",
        await updateCategory(id, input),
        () => ({ title: "Success", description: "Category updated successfully" }),
        (f) => (f.fieldErrors ? undefined : failedSave(f.message)),
      ),
    (error) =>
      failsAt(error, "id") ? badRequest("update", "Failed to save category") : invalidForm("update", error),
  ),
  delete: intent(
    idSchema,
    async ({ id }) =>
      reply(
        "delete",
        await deleteCategory(id),
        () => ({ title: "Success", description: "Category deleted successfully" }),
        (f) => ({
          title: "Error",
          description: `Failed to delete category: ${f.message}`,
        }),
      ),
    () => badRequest("delete", "Failed to delete category: unknown category"),
  ),
});

export const action = formAction(
  { guard: "admin", maxBytes: MAX_PLAIN_FORM_BYTES, answers: adminFormAnswers("The form is too large.") },
  (_fields, { form }) => actions.dispatch(form),
);

function CategoryActions({ category, onEdit }: { category: CategoryRow; onEdit: () => void }) {
  const fetcher = useFetcher<AdminActionData>();
  const [confirming, setConfirming] = useState(false);
  useActionResult(fetcher.data);
  const deleting = fetcher.state !== "idle";
  return (
    <div className="flex justify-end gap-1">
      <Button type="button" variant="ghost" size="icon" aria-label={`Edit ${category.name}`} onClick={onEdit}>
        <Pencil />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Delete ${category.name}`}
        disabled={deleting}
        onClick={() => setConfirming(true)}
        className="text-red-400 hover:text-red-300"
      >
        <Trash2 />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        question="Are you sure you want to delete this category?"
        details={`"${category.name}" will be deleted. This cannot be undone.`}
        onConfirm={() => void fetcher.submit({ intent: "delete", id: category.id }, { method: "post" })}
      />
    </div>
  );
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const [dialog, setDialog] = useState<{ open: boolean; category: CategoryRow | null }>({
    open: false,
    category: null,
  });
  const { connected } = useLiveRevalidate({ url: "/api/admin/events", tables: ["categories", "products"] });
  useOpenOnNew(() => setDialog({ open: true, category: null }));

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Categories" description="Manage your product categories" live={connected}>
        <Button type="button" onClick={() => setDialog({ open: true, category: null })}>
          <Plus /> Add Category
        </Button>
      </AdminPageHeader>
      <Card>
        <CardContent className="p-0 sm:p-2">
          {categories.length === 0 ? (
            <p className="p-8 text-center text-muted-foreground">
              No categories found. Create your first category!
            </p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead className="hidden md:table-cell">Description</TableHead>
                  <TableHead className="hidden sm:table-cell">Created At</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {categories.map((c) => (
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
                      <CategoryActions category={c} onEdit={() => setDialog({ open: true, category: c })} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <CategoryDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        category={dialog.category}
      />
    </div>
  );
}
