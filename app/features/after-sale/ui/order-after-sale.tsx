import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button";
import { Input, Textarea } from "~/ui/input";
import { Label } from "~/ui/label";
import { formatIstDateTime } from "~/shared/ist-dates";
import { formatRupees } from "~/shared/money";
import type { OrderKind, PaymentMethod, PaymentStatus } from "~/features/order-lifecycle/order-status";
import { refundableAmount, REFUND_STATUS_LABELS, type RefundStatus } from "~/features/after-sale/refunds";
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  type ReturnReason,
  type ReturnStatus,
} from "~/features/after-sale/returns";

export type AfterSale = {
  refunds: {
    id: string;
    amount: number;
    method: "razorpay" | "manual";
    status: RefundStatus;
    reason: string;
    reference: string | null;
    razorpayRefundId: string | null;
    failureReason: string | null;
    createdAt: string;
  }[];
  returns: {
    id: string;
    reason: ReturnReason;
    details: string;
    status: ReturnStatus;
    decisionNote: string | null;
    resaleable: boolean | null;
    requestedBy: "shopper" | "staff";
    createdAt: string;
  }[];
};

type Order = {
  kind: OrderKind;
  id: string;
  status: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  totalAmount: number;
};

type Answer = { ok: boolean; message: string; errors?: Record<string, string> };

const selectClass = "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm";

function useAnswer() {
  const fetcher = useFetcher<Answer>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success("Order updated", { description: fetcher.data.message });
    else toast.error("Failed to update order", { description: fetcher.data.message });
  }, [fetcher.data, fetcher.state]);
  return fetcher;
}

/** Refund money for an order: online through Razorpay, cash on delivery with the bank/UPI reference. */
function RefundForm({ order, left, returnId }: { order: Order; left: number; returnId?: string }) {
  const fetcher = useAnswer();
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

function ReturnActions({
  ret,
  order,
  left,
}: {
  ret: AfterSale["returns"][number];
  order: Order;
  left: number;
}) {
  const fetcher = useAnswer();
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
            <Button type="submit" name="to" value="approved" disabled={fetcher.state !== "idle"}>
              Approve return
            </Button>
            <Button
              type="submit"
              name="to"
              value="refused"
              variant="outline"
              disabled={fetcher.state !== "idle"}
            >
              Refuse return
            </Button>
          </>
        ) : (
          <Button type="submit" name="to" value="received" disabled={fetcher.state !== "idle"}>
            Mark received
          </Button>
        )}
      </div>
    </fetcher.Form>
  );
}

function RecordReturn({ order }: { order: Order }) {
  const fetcher = useAnswer();
  const reasons =
    order.kind === "custom" ? RETURN_REASONS.filter((r) => r !== "changed_mind") : RETURN_REASONS;
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  return (
    <details className="rounded-md border p-3">
      <summary className="cursor-pointer text-sm font-medium">Record a return for the shopper</summary>
      <fetcher.Form method="post" className="mt-3 grid gap-2">
        <input type="hidden" name="intent" value="return-create" />
        <input type="hidden" name="kind" value={order.kind} />
        <input type="hidden" name="id" value={order.id} />
        <Label htmlFor={`rr-reason-${order.id}`}>Reason</Label>
        <select id={`rr-reason-${order.id}`} name="reason" className={selectClass} defaultValue="">
          <option value="" disabled>
            Choose…
          </option>
          {reasons.map((r) => (
            <option key={r} value={r}>
              {RETURN_REASON_LABELS[r]}
            </option>
          ))}
        </select>
        {errors.reason ? <p className="text-sm text-destructive">{errors.reason}</p> : null}
        <Label htmlFor={`rr-details-${order.id}`}>What the shopper told us</Label>
        <Textarea id={`rr-details-${order.id}`} name="details" maxLength={1000} rows={2} />
        {errors.details ? <p className="text-sm text-destructive">{errors.details}</p> : null}
        <Button
          type="submit"
          variant="outline"
          disabled={fetcher.state !== "idle"}
          className="justify-self-start"
        >
          Record return
        </Button>
      </fetcher.Form>
    </details>
  );
}

/** The order dialog's returns and refunds: their states, staff's next step, and a refund form. */
export function OrderAfterSale({ order, afterSale }: { order: Order; afterSale: AfterSale }) {
  const paid = order.paymentStatus === "paid" || order.paymentStatus === "refunded" ? order.totalAmount : 0;
  const left = refundableAmount(paid, afterSale.refunds);
  const openReturn = afterSale.returns.some((r) => ["requested", "approved", "received"].includes(r.status));
  return (
    <div className="grid gap-3">
      {afterSale.returns.map((r) => (
        <div key={r.id} className="grid gap-2 rounded-md border p-3 text-sm">
          <p className="font-medium">
            {RETURN_STATUS_LABELS[r.status]} · {RETURN_REASON_LABELS[r.reason]}
          </p>
          <p className="text-muted-foreground">
            {formatIstDateTime(r.createdAt)} IST · asked by{" "}
            {r.requestedBy === "shopper" ? "the shopper" : "staff"}
          </p>
          <p className="break-words">{r.details}</p>
          {r.decisionNote ? <p className="break-words">Note: {r.decisionNote}</p> : null}
          <ReturnActions ret={r} order={order} left={left} />
        </div>
      ))}
      {afterSale.refunds.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Refunds">
          {afterSale.refunds.map((r) => (
            <li key={r.id}>
              {formatRupees(r.amount)}: {REFUND_STATUS_LABELS[r.status]} (
              {r.method === "razorpay" ? (r.razorpayRefundId ?? "Razorpay") : `ref. ${r.reference}`}) ·{" "}
              {r.reason}
              {r.failureReason ? <span className="text-destructive"> · {r.failureReason}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {paid > 0 ? (
        <p className="text-sm">
          Paid {formatRupees(paid)};{" "}
          {left > 0 ? `${formatRupees(left)} can still be refunded.` : "refunded in full."}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Nothing has been paid for this order yet, so nothing can be refunded.
        </p>
      )}
      {paid > 0 && left > 0 && !openReturn ? <RefundForm order={order} left={left} /> : null}
      {order.status === "delivered" && !openReturn ? <RecordReturn order={order} /> : null}
    </div>
  );
}
