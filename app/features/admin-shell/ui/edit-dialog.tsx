import type * as React from "react";
import { useCallback, useEffect, useState } from "react";
import { Button } from "~/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/ui/dialog";
import type { FormValidator } from "~/shared/form-errors";
import { useFetcherForm } from "~/ui/use-form";

/*
 * The add/edit dialog of an admin list page (categories, products, discount codes): the page's state of
 * which record is edited, the dialog with its title, the form's hook (closes on success), the hidden intent
 * and id, and the Cancel / Save buttons.
 */

/** Which record the page's dialog edits (null: a new one); `key` changes on each opening. */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: boolean; item: T | null; key: number }>({
    open: false,
    item: null,
    key: 0,
  });
  const edit = useCallback((item: T | null) => setState((s) => ({ open: true, item, key: s.key + 1 })), []);
  const onOpenChange = useCallback((open: boolean) => setState((s) => ({ ...s, open })), []);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  return { ...state, edit, onOpenChange, close };
}

/** The page's dialog state, handed to its dialog. */
export type EditDialogState<T> = ReturnType<typeof useEditDialog<T>>;
type AnyDialog = Pick<EditDialogState<unknown>, "open" | "onOpenChange" | "close">;

/** The dialog's form: posts through its own fetcher, closes after a success, starts clean on each opening. */
export function useDialogForm(schema: FormValidator, { open, close }: AnyDialog) {
  const form = useFetcherForm({ schema, onAnswer: (answer) => answer.ok && close() });
  const { clearErrors } = form;
  useEffect(() => {
    if (open) clearErrors();
  }, [open, clearErrors]);
  return form;
}

export function EditDialog({
  dialog,
  title,
  description,
  className,
  children,
}: {
  dialog: AnyDialog;
  title: string;
  description: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The hidden fields of a save: intent "update" with the record's id, or "create". */
export function SaveIntent({ id }: { id: string | undefined }) {
  return (
    <>
      <input type="hidden" name="intent" value={id ? "update" : "create"} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
    </>
  );
}

/** Cancel and the save button ("Saving..." while the form is sent). */
export function DialogActions({
  dialog,
  pending,
  saveLabel,
  className,
}: {
  dialog: AnyDialog;
  pending: boolean;
  saveLabel: string;
  className?: string;
}) {
  return (
    <DialogFooter className={className}>
      <Button type="button" variant="outline" onClick={dialog.close}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? "Saving..." : saveLabel}
      </Button>
    </DialogFooter>
  );
}
