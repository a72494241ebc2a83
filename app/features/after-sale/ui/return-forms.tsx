import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { Label } from "~/ui/label";
import { useFetcherForm } from "~/ui/use-form";
import { RETURN_REASON_LABELS, RETURN_REASONS } from "~/features/after-sale/returns";
import { AFTER_SALE_TOAST, type AfterSale, type AfterSaleOrder } from "./after-sale-view";
import { RefundForm } from "./refund-form";

const selectClass = "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm";

/** Staff's next step on a return: approve or refuse it, mark it received, then refund it. */
export function ReturnActions({
  ret,
  order,
  left,
}: {
  ret: AfterSale["returns"][number];
  order: AfterSaleOrder;
  left: number;
}) {
  const { fetcher, pending } = useFetcherForm({ toast: AFTER_SALE_TOAST });
  if (ret.status === "received")
    return left > 0 ? <RefundForm order={order} left={left} returnId={ret.id} /> : null;
  if (ret.status !== "requested" && ret.status !== "approved") return null;
  const id = `return-${ret.id}`;
  return (
    <fetcher.Form method="post" className="grid gap-2" aria-label="Decide the return">
      <input type="hidden" name="intent" value="return-decide" />
      <input type="hidden" name="returnId" value={ret.id} />
      {ret.status === "approved" ? (
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 text-sm font-medium">On inspection, can the sign be sold again?</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="resaleable" value="yes" required /> Yes, put it back in stock
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="resaleable" value="no" /> No
          </label>
        </fieldset>
      ) : null}
      <Label htmlFor={`${id}-note`}>
        {ret.status === "requested" ? "Note to the shopper (required to refuse)" : "Inspection note"}
      </Label>
      <Textarea id={`${id}-note`} name="note" maxLength={500} rows={2} />
      <div className="flex flex-wrap gap-2">
        {ret.status === "requested" ? (
          <>
            <Button type="submit" name="to" value="approved" disabled={pending}>
              Approve return
            </Button>
            <Button type="submit" name="to" value="refused" variant="outline" disabled={pending}>
              Refuse return
            </Button>
          </>
        ) : (
          <Button type="submit" name="to" value="received" disabled={pending}>
            Mark received
          </Button>
        )}
      </div>
    </fetcher.Form>
  );
}

/** A return the shopper asked for by phone or mail, recorded by staff for a delivered order. */
export function RecordReturn({ order }: { order: AfterSaleOrder }) {
  const { fetcher, errors, pending } = useFetcherForm({ toast: AFTER_SALE_TOAST });
  const reasons =
    order.kind === "custom" ? RETURN_REASONS.filter((r) => r !== "changed_mind") : RETURN_REASONS;
  return (
    <details className="rounded-md border p-3">
      <summary className="cursor-pointer text-sm font-medium">Record a return for the shopper</summary>
      <fetcher.Form method="post" className="mt-3 grid gap-2">
        <input type="hidden" name="intent" value="return-create" />
        <input type="hidden" name="kind" value={order.kind} />
        <input type="hidden" name="id" value={order.id} />
        <Field id={`rr-reason-${order.id}`} name="reason" label="Reason" error={errors.reason}>
          {(control) => (
            <select {...control} className={selectClass} defaultValue="">
              <option value="" disabled>
                Choose…
              </option>
              {reasons.map((r) => (
                <option key={r} value={r}>
                  {RETURN_REASON_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={`rr-details-${order.id}`}
          name="details"
          label="What the shopper told us"
          error={errors.details}
        >
          {(control) => <Textarea {...control} maxLength={1000} rows={2} />}
        </Field>
        <Button type="submit" variant="outline" disabled={pending} className="justify-self-start">
          Record return
        </Button>
      </fetcher.Form>
    </details>
  );
}
