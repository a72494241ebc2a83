import { useRef } from "react";
import {
  DialogActions,
  EditDialog,
  SaveIntent,
  useDialogForm,
  type EditDialogState,
} from "~/features/admin-shell/ui/edit-dialog";
import { ChoiceSelect, NativeSelect } from "~/features/admin-shell/ui/native-select";
import { Field } from "~/ui/field";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { DayFields } from "~/features/discount-codes/ui/day-fields";
import { discountCodeFormSchema } from "~/features/discount-codes/discount-code-form";
import {
  APPLIES_TO,
  APPLIES_TO_LABELS,
  generateDiscountCode,
  type DiscountCode,
} from "~/features/discount-codes/discounts";

/** A code as the dialog edits it. */
export type DiscountCodeRow = DiscountCode & { description: string | null };

/** Add or edit a discount code. */
export function DiscountCodeDialog({ dialog }: { dialog: EditDialogState<DiscountCodeRow> }) {
  const code = dialog.item;
  const form = useDialogForm(discountCodeFormSchema, dialog);
  const { errors } = form;

  const codeInput = useRef<HTMLInputElement>(null);
  function fillGenerated() {
    const input = codeInput.current;
    if (!input) return;
    input.value = generateDiscountCode();
    input.focus();
  }

  const editing = Boolean(code);
  const text = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));
  return (
    <EditDialog
      dialog={dialog}
      title={editing ? "Edit Discount Code" : "Add Discount Code"}
      description="Checked and priced by the server at checkout. One code per order."
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <form.fetcher.Form method="post" {...form.props} className="grid gap-4 sm:grid-cols-2">
        <SaveIntent id={code?.id} />
        <Field
          id="code-code"
          name="code"
          label="Code"
          error={errors.code}
          description="Words like FESTIVE20 can be guessed: for a code meant for one shopper or a few, use Generate."
        >
          {(c) => (
            <div className="flex gap-2">
              <Input
                {...c}
                ref={codeInput}
                maxLength={30}
                autoCapitalize="characters"
                defaultValue={code?.code ?? ""}
                placeholder="e.g. FESTIVE20"
              />
              <Button type="button" variant="outline" onClick={fillGenerated}>
                Generate
              </Button>
            </div>
          )}
        </Field>
        <Field
          id="code-description"
          name="description"
          label="Description (optional)"
          error={errors.description}
        >
          {(c) => <Input {...c} maxLength={200} defaultValue={code?.description ?? ""} />}
        </Field>
        <Field id="code-kind" name="kind" label="Type" error={errors.kind}>
          {(c) => (
            <NativeSelect {...c} defaultValue={code?.kind ?? "percent"}>
              <option value="percent">Percentage</option>
              <option value="fixed">Fixed amount (₹)</option>
            </NativeSelect>
          )}
        </Field>
        <Field
          id="code-value"
          name="value"
          label="Discount"
          error={errors.value}
          description="Percent (1-100) or rupees."
        >
          {(c) => <Input {...c} inputMode="numeric" defaultValue={text(code?.value)} />}
        </Field>
        <Field id="code-applies" name="appliesTo" label="Applies To" error={errors.appliesTo}>
          {(c) => (
            <ChoiceSelect
              {...c}
              choices={APPLIES_TO}
              labels={APPLIES_TO_LABELS}
              defaultValue={code?.appliesTo ?? "all"}
            />
          )}
        </Field>
        <Field
          id="code-min"
          name="minSubtotal"
          label="Minimum Subtotal (₹)"
          error={errors.minSubtotal}
          description="Of the items the code applies to. Empty: none."
        >
          {(c) => (
            <Input
              {...c}
              inputMode="numeric"
              defaultValue={code?.minSubtotal ? String(code.minSubtotal) : ""}
            />
          )}
        </Field>
        <DayFields idPrefix="code" errors={errors} startsOn={code?.startsOn} endsOn={code?.endsOn} />
        <Field
          id="code-max"
          name="maxUses"
          label="Total Uses (optional)"
          error={errors.maxUses}
          description="Empty: unlimited. A cancelled order gives its use back."
        >
          {(c) => <Input {...c} inputMode="numeric" defaultValue={text(code?.maxUses)} />}
        </Field>
        <Field
          id="code-per-shopper"
          name="maxUsesPerShopper"
          label="Uses per Shopper (optional)"
          error={errors.maxUsesPerShopper}
          description="Counted by phone number and email. Empty: unlimited."
        >
          {(c) => <Input {...c} inputMode="numeric" defaultValue={text(code?.maxUsesPerShopper)} />}
        </Field>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            name="isActive"
            defaultChecked={code?.isActive ?? true}
            className="size-4 accent-primary"
          />
          Active (shoppers can use it)
        </label>
        <DialogActions
          className="sm:col-span-2"
          dialog={dialog}
          pending={form.pending}
          saveLabel={editing ? "Update Code" : "Create Code"}
        />
      </form.fetcher.Form>
    </EditDialog>
  );
}
