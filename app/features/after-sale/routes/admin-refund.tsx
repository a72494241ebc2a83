import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useForm } from "~/ui/use-form";
import { formatRupees } from "~/shared/money";
import { requireAdmin } from "~/platform/auth/auth.server";
import {
  newRequestKey,
  refundPageAction,
  refundPageOrder,
  type RefundPageAnswer,
} from "~/features/after-sale/refund-page.server";
import { adminOrderPath, refundPagePath } from "~/features/after-sale/refund-links";
import type { Route } from "./+types/admin-refund";
import { REFUND_TIME } from "~/features/settings/shop-promises";

export const meta: Route.MetaFunction = () => [{ title: "Refund | Admin" }];

/** GET /admin/refund?kind=order&id=…: the refund form of one order, asked and confirmed without JavaScript. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "refunds");
  const url = new URL(request.url);
  const order = await refundPageOrder(url.searchParams.get("kind") ?? "", url.searchParams.get("id") ?? "");
  if (!order) throw data("Order not found.", { status: 404 });
  const returnId = url.searchParams.get("returnId") ?? "";
  return { order, returnId, requestKey: newRequestKey() };
}

export const action = refundPageAction;

/**
 * The refund on a page of its own (issue 27): the order dialog's refund form, for a browser without
 * JavaScript too. "Refund through Razorpay" (or "Record refund") posts the form; the page answers with the
 * question "Refund ₹500 to {name}?" and its own form (Yes / Cancel); only "Yes" refunds.
 */
export default function AdminRefundPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, returnId, requestKey } = loaderData;
  const answer = actionData as RefundPageAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  const form = useForm({ answer, pending: busy, toast: false });
  const { errors } = form;
  const cod = order.paymentMethod === "cod";
  const back = adminOrderPath(order.kind, order.id);
  const ask = answer?.confirm;
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">Refund order #{order.displayId}</h1>
        <p className="text-sm text-muted-foreground">
          {order.customerName} · paid {formatRupees(order.paid)};{" "}
          {order.left > 0 ? `${formatRupees(order.left)} can still be refunded.` : "nothing left to refund."}
        </p>
        <Link to={back} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Back to the order
        </Link>
      </div>
      {answer?.done ? (
        <p role="status" className="rounded-md border border-green-600 bg-green-500/10 p-3 text-sm">
          {answer.message} The shopper is e-mailed when the money has gone back.
        </p>
      ) : ask ? (
        <Card>
          <CardContent className="pt-6">
            <Form method="post" className="grid gap-3" aria-label="Confirm the refund">
              {Object.entries(ask.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <p className="text-lg font-semibold">
                Refund {formatRupees(ask.amount)} to {ask.customerName}?
              </p>
              <p className="text-sm text-muted-foreground">
                {cod
                  ? "It is recorded as paid back, and the shopper is e-mailed (with the credit note when the order has a tax invoice)."
                  : "The money goes back through Razorpay at once, and the shopper is e-mailed when it is processed."}{" "}
                Reason: {ask.fields.reason}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" name="confirmed" value="yes" disabled={busy}>
                  Yes, refund {formatRupees(ask.amount)}
                </Button>
                <Button asChild variant="outline">
                  <Link to={refundPagePath(order.kind, order.id, returnId || undefined)}>Cancel</Link>
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
      ) : order.left > 0 ? (
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Refund</h2>
          </CardHeader>
          <CardContent>
            <Form method="post" className="grid gap-3" aria-label="Refund" {...form.props}>
              <input type="hidden" name="intent" value="refund" />
              <input type="hidden" name="kind" value={order.kind} />
              <input type="hidden" name="id" value={order.id} />
              <input type="hidden" name="requestKey" value={requestKey} />
              {returnId ? <input type="hidden" name="returnId" value={returnId} /> : null}
              <Field
                id="refund-page-amount"
                name="amount"
                label={`Refund amount (₹, at most ${formatRupees(order.left)})`}
                error={errors.amount}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    min={1}
                    max={order.left}
                    defaultValue={order.left}
                    required
                  />
                )}
              </Field>
              <Field id="refund-page-reason" name="reason" label="Reason" error={errors.reason}>
                {(control) => (
                  <Input
                    {...control}
                    maxLength={300}
                    required
                    defaultValue={returnId ? "Returned item" : ""}
                  />
                )}
              </Field>
              {cod ? (
                <Field
                  id="refund-page-reference"
                  name="reference"
                  label="Bank or UPI reference of the money paid back"
                  error={errors.reference}
                >
                  {(control) => <Input {...control} maxLength={100} required />}
                </Field>
              ) : (
                <p className="text-xs text-muted-foreground">
                  Sent to Razorpay; the shopper's bank shows it within {REFUND_TIME}.
                </p>
              )}
              {form.formError ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {form.formError}
                </p>
              ) : null}
              <Button type="submit" disabled={busy} className="justify-self-start">
                {cod ? "Record refund" : "Refund through Razorpay"}
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
