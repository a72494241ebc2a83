import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { FieldError, invalidProps } from "~/components/admin/field-error";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { categoryFormSchema, fieldErrorsOf, type AdminActionData } from "~/domain/admin-catalog";
import { useActionResult } from "~/lib/use-action-result";

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (open) setErrors({});
  }, [open]);

  useActionResult(fetcher.data, (result) => {
    if (result.ok) onOpenChange(false);
    else setErrors(result.fieldErrors ?? {});
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = categoryFormSchema.safeParse({ name: form.get("name"), description: form.get("description") });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    void fetcher.submit(form, { method: "post" });
  }

  const editing = Boolean(category);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Category" : "Add New Category"}</DialogTitle>
          <DialogDescription>{editing ? "Change the category's name or description." : "Create a category for your products."}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {category ? <input type="hidden" name="id" value={category.id} /> : null}
          <div className="flex flex-col gap-2">
            <Label htmlFor="category-name">Category Name</Label>
            <Input
              id="category-name"
              name="name"
              required
              maxLength={80}
              defaultValue={category?.name ?? ""}
              placeholder="e.g. Bedroom"
              {...invalidProps("category-name", errors.name)}
            />
            <FieldError id="category-name-error" message={errors.name} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="category-description">Description (optional)</Label>
            <Textarea
              id="category-description"
              name="description"
              maxLength={500}
              rows={3}
              defaultValue={category?.description ?? ""}
              {...invalidProps("category-description", errors.description)}
            />
            <FieldError id="category-description-error" message={errors.description} />
          </div>
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
