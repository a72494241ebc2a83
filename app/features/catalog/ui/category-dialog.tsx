import {
  DialogActions,
  EditDialog,
  SaveIntent,
  useDialogForm,
  type EditDialogState,
} from "~/features/admin-shell/ui/edit-dialog";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { categoryFormSchema } from "~/features/catalog/admin-catalog";
import type { AdminCategory } from "~/features/catalog/admin-categories.server";

export type CategoryRow = Pick<AdminCategory, "id" | "name" | "description">;

/** Add or edit a category (spec: dialog with field Category Name; we add an optional description). */
export function CategoryDialog({ dialog }: { dialog: EditDialogState<CategoryRow> }) {
  const category = dialog.item;
  const form = useDialogForm(categoryFormSchema, dialog);
  const { errors } = form;
  const editing = Boolean(category);
  return (
    <EditDialog
      dialog={dialog}
      title={editing ? "Edit Category" : "Add New Category"}
      description={
        editing ? "Change the category's name or description." : "Create a category for your products."
      }
    >
      <form.fetcher.Form method="post" {...form.props} className="flex flex-col gap-4">
        <SaveIntent id={category?.id} />
        <Field id="category-name" name="name" label="Category Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              required
              maxLength={80}
              defaultValue={category?.name ?? ""}
              placeholder="e.g. Bedroom"
            />
          )}
        </Field>
        <Field
          id="category-description"
          name="description"
          label="Description (optional)"
          error={errors.description}
        >
          {(control) => (
            <Textarea {...control} maxLength={500} rows={3} defaultValue={category?.description ?? ""} />
          )}
        </Field>
        <DialogActions
          dialog={dialog}
          pending={form.pending}
          saveLabel={editing ? "Update Category" : "Create Category"}
        />
      </form.fetcher.Form>
    </EditDialog>
  );
}
