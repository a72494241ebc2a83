import { useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useFetcherForm } from "~/ui/use-form";
import { formatRupees } from "~/shared/money";
import { AFTER_SALE_TOAST, type AfterSaleOrder } from "./after-sale-view";
import { refundPagePath } from "~/features/after-sale/refund-links";
import { REFUND_TIME } from "~/features/settings/shop-promises";

/**
 * Whether the signed-in staff member's role may refund: the admin frame's loader lists its permissions
 * (staff-roles.ts). The server refuses the refund anyway (403); this only keeps the form out of sight.
 */
function useMayRefund(): boolean {
  const frame = useRouteLoaderData("features/admin-shell/routes/admin-layout") as
    { permissions?: string[] } | undefined;
  return frame?.permissions?.includes("refunds") ?? true;
}

/** Refund money for an order: online through Razorpay, cash on delivery with the bank/UPI reference. */
export function RefundForm(props: { order: AfterSaleOrder; left: number; returnId?: string }) {
  return useMayRefund() ? <RefundFormShown {...props} /> : null;
}

function RefundFormShown({
  order,
  left,
  returnId,
}: {
  order: AfterSaleOrder;
  left: number;
  returnId?: string;
}) {
  // One key per form shown: a double click or a resent form refunds once; a new key after each refund.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const form = useFetcherForm({
    toast: AFTER_SALE_TOAST,
    onAnswer: (answer) => {
      setAsking(null);
      if (answer.ok) setRequestKey(crypto.randomUUID());
    },
  });
  const { errors } = form;
  // The refund goes out only after "Refund ₹500 to {name}?" is answered yes (issue 27): the first button asks,
  // the question's button sends the form with confirmed=yes (the server refuses a refund without it).
  const [asking, setAsking] = useState<number | null>(null);
  const ref = useRef<HTMLFormElement>(null);
  const ask = () => {
    const f = ref.current;
    if (!f || !f.reportValidity()) return;
    setAsking(Number(new FormData(f).get("amount")));
  };
  const cod = order.paymentMethod === "cod";
  const idp = `refund-${returnId ?? order.id}`;
  return (
    // A new key after each refund remounts the form, so its fields start again from what is left (the
    // answer comes before the reloaded order: the amount left is part of the key too).
    <form.fetcher.Form
      ref={ref}
      key={`${requestKey}:${left}`}
      // A changed amount or reason asks again: the question always names what is sent.
      onChange={() => setAsking(null)}
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
        <Field
          id={`${idp}-amount`}
          name="amount"
          label={`Refund amount (₹, at most ${formatRupees(left)})`}
          error={errors.amount}
          className="gap-1"
        >
          {(control) => <Input {...control} type="number" min={1} max={left} defaultValue={left} required />}
        </Field>
        <Field id={`${idp}-reason`} name="reason" label="Reason" error={errors.reason} className="gap-1">
          {(control) => (
            <Input {...control} maxLength={300} required defaultValue={returnId ? "Returned item" : ""} />
          )}
        </Field>
      </div>
      {cod ? (
        <Field
          id={`${idp}-reference`}
          name="reference"
          label="Bank or UPI reference of the money paid back"
          error={errors.reference}
          className="gap-1"
        >
          {(control) => <Input {...control} maxLength={100} required />}
        </Field>
      ) : (
        <p className="text-xs text-muted-foreground">
          Sent to Razorpay; the shopper's bank shows it within {REFUND_TIME}.
        </p>
      )}
      {asking === null ? (
        // A real submit button: without its script (or before it runs) the form goes to the refund page,
        // which asks the same question as a form of its own; with it, the question shows here.
        <Button
          type="submit"
          formAction={refundPagePath(order.kind, order.id, returnId)}
          formMethod="post"
          onClick={(e) => {
            e.preventDefault();
            ask();
          }}
          className="justify-self-start"
        >
          {cod ? "Record refund" : "Refund through Razorpay"}
        </Button>
      ) : (
        <div
          role="group"
          aria-label="Confirm the refund"
          className="grid gap-2 rounded-md border border-primary/60 bg-primary/10 p-3"
        >
          <p className="font-medium">
            Refund {formatRupees(asking)} to {order.customerName}?
          </p>
          <p className="text-xs text-muted-foreground">
            {cod
              ? "It is recorded as paid back, and the shopper is e-mailed (with the credit note when the order has a tax invoice)."
              : "The money goes back through Razorpay at once, and the shopper is e-mailed when it is processed."}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="confirmed" value="yes" disabled={form.pending} autoFocus>
              Yes, refund {formatRupees(asking)}
            </Button>
            <Button type="button" variant="outline" onClick={() => setAsking(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </form.fetcher.Form>
  );
}
