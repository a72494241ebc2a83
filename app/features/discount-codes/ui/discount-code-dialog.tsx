import { useEffect, useRef } from "react";
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
import { Input } from "~/ui/input";
import type { AdminActionData } from "~/shared/admin-forms";
import { discountCodeFormSchema } from "~/features/discount-codes/discount-code-form";
import {
  APPLIES_TO,
  APPLIES_TO_LABELS,
  generateDiscountCode,
  type AppliesTo,
  type DiscountKind,
} from "~/features/discount-codes/discounts";
import { useActionResult } from "~/ui/use-action-result";
import { useFormErrors } from "~/ui/use-form-errors";

export type DiscountCodeRow = {
  id: string;
  code: string;
  description: string | null;
  kind: DiscountKind;
  value: number;
  minSubtotal: number;
  appliesTo: AppliesTo;
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  maxUsesPerShopper: number | null;
  isActive: boolean;
};

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** Add or edit a discount code. */
export function DiscountCodeDialog({
  open,
  onOpenChange,
  code,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null = a new code. */
  code: DiscountCodeRow | null;
}) {
  const fetcher = useFetcher<AdminActionData>();
  const { errors, setErrors, validate, onChange, onBlur } = useFormErrors(discountCodeFormSchema);
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Discount Code" : "Add Discount Code"}</DialogTitle>
          <DialogDescription>
            Checked and priced by the server at checkout. One code per order.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          onSubmit={onSubmit}
          onChange={onChange}
          onBlur={onBlur}
          noValidate
          className="grid gap-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {code ? <input type="hidden" name="id" value={code.id} /> : null}
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
              <select {...c} defaultValue={code?.kind ?? "percent"} className={selectClass}>
                <option value="percent">Percentage</option>
                <option value="fixed">Fixed amount (₹)</option>
              </select>
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
              <select {...c} defaultValue={code?.appliesTo ?? "all"} className={selectClass}>
                {APPLIES_TO.map((a) => (
                  <option key={a} value={a}>
                    {APPLIES_TO_LABELS[a]}
                  </option>
                ))}
              </select>
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
          <Field id="code-starts" name="startsOn" label="First Day (optional)" error={errors.startsOn}>
            {(c) => <Input {...c} type="date" defaultValue={code?.startsOn ?? ""} />}
          </Field>
          <Field id="code-ends" name="endsOn" label="Last Day (optional)" error={errors.endsOn}>
            {(c) => <Input {...c} type="date" defaultValue={code?.endsOn ?? ""} />}
          </Field>
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
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : editing ? "Update Code" : "Create Code"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
