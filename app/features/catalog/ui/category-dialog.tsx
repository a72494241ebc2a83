import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Field } from "~/ui/field";
import { Button } from "~/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/ui/dialog";
import { Input, Textarea } from "~/ui/input";
import { categoryFormSchema } from "~/features/catalog/admin-catalog";
import { type AdminActionData } from "~/shared/admin-forms";
import { useActionResult } from "~/ui/use-action-result";
import { useFormErrors } from "~/ui/use-form-errors";

export type CategoryRow = { id: string; name: string; description: string | null };

/** Add or edit a category (spec: dialog with field Category Name; we add an optional description). */
export function CategoryDialog({
  open,
  onOpenChange,
  category,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null = add a new category. */
  category: CategoryRow | null;
}) {
  const fetcher = useFetcher<AdminActionData>();
  const { errors, setErrors, validate, onChange, onBlur } = useFormErrors(categoryFormSchema);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (open) setErrors({});
  }, [open, setErrors]);

  useActionResult(fetcher.data, (result) => {
    if (result.ok) onOpenChange(false);
    else setErrors(result.fieldErrors ?? {});
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (Object.keys(validate(event.currentTarget)).length > 0) return;
    void fetcher.submit(new FormData(event.currentTarget), { method: "post" });
  }

  const editing = Boolean(category);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Category" : "Add New Category"}</DialogTitle>
          <DialogDescription>
            {editing ? "Change the category's name or description." : "Create a category for your products."}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          onSubmit={onSubmit}
          onChange={onChange}
          onBlur={onBlur}
          noValidate
          className="flex flex-col gap-4"
        >
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {category ? <input type="hidden" name="id" value={category.id} /> : null}
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : editing ? "Update Category" : "Create Category"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
