import { useEffect, useState } from "react";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { formatRupees } from "~/shared/money";
import type { AfterSaleOrder } from "./after-sale-view";
import { useAfterSaleAnswer } from "./use-after-sale-answer";

/** Refund money for an order: online through Razorpay, cash on delivery with the bank/UPI reference. */
export function RefundForm({
  order,
  left,
  returnId,
}: {
  order: AfterSaleOrder;
  left: number;
  returnId?: string;
}) {
  const fetcher = useAfterSaleAnswer();
  // One key per form shown: a double click or a resent form refunds once; a new key after each answer.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setRequestKey(crypto.randomUUID());
  }, [fetcher.state, fetcher.data]);
  const cod = order.paymentMethod === "cod";
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  const idp = `refund-${returnId ?? order.id}`;
  return (
    // A new key after each refund remounts the form, so its fields start again from what is left.
    <fetcher.Form
      key={requestKey}
      method="post"
      className="grid gap-2 rounded-md border p-3"
      aria-label="Refund"
    >
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="kind" value={order.kind} />
      <input type="hidden" name="id" value={order.id} />
      <input type="hidden" name="requestKey" value={requestKey} />
      {returnId ? <input type="hidden" name="returnId" value={returnId} /> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${idp}-amount`}>Refund amount (₹, at most {formatRupees(left)})</Label>
          <Input
            id={`${idp}-amount`}
            name="amount"
            type="number"
            min={1}
            max={left}
            defaultValue={left}
            required
            aria-invalid={errors.amount ? true : undefined}
          />
          {errors.amount ? <p className="text-sm text-destructive">{errors.amount}</p> : null}
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${idp}-reason`}>Reason</Label>
          <Input
            id={`${idp}-reason`}
            name="reason"
            maxLength={300}
            required
            defaultValue={returnId ? "Returned item" : ""}
            aria-invalid={errors.reason ? true : undefined}
          />
          {errors.reason ? <p className="text-sm text-destructive">{errors.reason}</p> : null}
        </div>
      </div>
      {cod ? (
        <div className="grid gap-1">
          <Label htmlFor={`${idp}-reference`}>Bank or UPI reference of the money paid back</Label>
          <Input id={`${idp}-reference`} name="reference" maxLength={100} required />
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">
          Sent to Razorpay; the shopper's bank shows it in 5-7 working days.
        </p>
      )}
      <Button type="submit" disabled={fetcher.state !== "idle"} className="justify-self-start">
        {cod ? "Record refund" : "Refund through Razorpay"}
      </Button>
    </fetcher.Form>
  );
}
