import { Pencil, Trash2 } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { ROW_DELETE_FETCHER } from "~/features/admin-shell/ui/admin-list";
import { ConfirmDialog } from "~/features/admin-shell/ui/confirm-dialog";
import { IconButton } from "~/features/admin-shell/ui/icon-button";
import { Switch } from "~/ui/switch";
import { useFetcherForm } from "~/ui/use-form";

/*
 * The actions of one row of an admin list (categories, products, codes, offers, banners, bestsellers): the
 * active switch, edit, and delete (after a confirmation). Each posts its intent to the page's own action
 * through a fetcher; the answer's sentence is shown as a toast by the form hook.
 */

/** The "active" switch of a row: posts intent "toggle" and shows the new state at once (before the answer). */
export function useActiveToggle(id: string, isActive: boolean) {
  const { fetcher } = useFetcherForm();
  const sent = fetcher.formData?.get("isActive");
  return {
    active: typeof sent === "string" ? sent === "true" : isActive,
    setActive: (checked: boolean) =>
      void fetcher.submit({ intent: "toggle", id, isActive: String(checked) }, { method: "post" }),
  };
}

export type ActiveToggle = ReturnType<typeof useActiveToggle>;

/** The switch of a row's active toggle. */
export function ActiveSwitch({
  toggle,
  ...props
}: { toggle: ActiveToggle } & Omit<React.ComponentProps<typeof Switch>, "checked" | "onCheckedChange">) {
  return <Switch {...props} checked={toggle.active} onCheckedChange={toggle.setActive} />;
}

export function EditButton({ name, onEdit }: { name: string; onEdit: () => void }) {
  return (
    <IconButton label={`Edit ${name}`} onClick={onEdit}>
      <Pencil />
    </IconButton>
  );
}

export type DeleteConfirm = { question: string; details: string };

/**
 * The red bin of a row: posts `intent` (default "delete") with the row's id, after `confirm` when given.
 * `fetcherKey`: the fetcher the rows share (ROW_DELETE_FETCHER unless given): a row the live refresh removes
 * before its answer arrives takes no toast with it, as the list's card shows the answer (`useFetcherForm({ key })`).
 */
export function DeleteButton({
  id,
  label,
  intent = "delete",
  confirm,
  fetcherKey,
}: {
  id: string;
  /** The button's name, e.g. "Delete Bedroom". */
  label: string;
  intent?: string;
  confirm?: DeleteConfirm;
  fetcherKey?: string;
}) {
  const { fetcher, pending } = useFetcherForm({ key: fetcherKey ?? ROW_DELETE_FETCHER });
  const [confirming, setConfirming] = useState(false);
  const send = () => void fetcher.submit({ intent, id }, { method: "post" });
  return (
    <>
      <IconButton
        label={label}
        disabled={pending}
        onClick={confirm ? () => setConfirming(true) : send}
        className="text-red-400 hover:text-red-300"
      >
        <Trash2 />
      </IconButton>
      {confirm ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          question={confirm.question}
          details={confirm.details}
          onConfirm={send}
        />
      ) : null}
    </>
  );
}

/** The actions cell of a table row: the active switch (when given), edit (when given), delete. */
export function RowActions({
  id,
  name,
  onEdit,
  toggle,
  confirm,
}: {
  id: string;
  /** What the row is called (the buttons' names: "Edit …", "Delete …", "… active"). */
  name: string;
  onEdit?: () => void;
  toggle?: ActiveToggle;
  confirm: DeleteConfirm;
}) {
  return (
    <div className="flex items-center justify-end gap-1">
      {toggle ? <ActiveSwitch toggle={toggle} aria-label={`${name} active`} /> : null}
      {onEdit ? <EditButton name={name} onEdit={onEdit} /> : null}
      <DeleteButton id={id} label={`Delete ${name}`} confirm={confirm} />
    </div>
  );
}
