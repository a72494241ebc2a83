import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { buttonVariants } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { formatShippingAddress, type ShippingAddressFields } from "~/features/checkout/checkout";
import { formatIstDateTime } from "~/shared/ist-dates";
import { PaymentBadge, StatusBadge } from "./order-status-badges";
import type { CustomOrderDetails, OrderDetails } from "~/features/orders/admin-order-details.server";
import { formatPhone } from "~/shared/phone-numbers";

/** A definition list row of the details dialog. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-2 text-sm sm:grid-cols-[9rem_1fr]">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-3 rounded-lg border p-3 sm:p-4" aria-label={title}>
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

export function addressText(a: ShippingAddressFields): string {
  return formatShippingAddress(a);
}

/** Either kind of order, as the details dialog gets it. */
type CommonDetails = OrderDetails | CustomOrderDetails;

export function CustomerInfo({ o }: { o: CommonDetails }) {
  return (
    <DetailsSection title="Customer Information">
      <dl className="grid gap-2">
        <Detail label="Name">{o.customerName}</Detail>
        <Detail label="Email">
          <a className="underline underline-offset-4" href={`mailto:${o.customerEmail}`}>
            {o.customerEmail}
          </a>
        </Detail>
        <Detail label="Phone">
          <a className="underline underline-offset-4" href={`tel:${o.customerPhone.replace(/[^+0-9]/g, "")}`}>
            {formatPhone(o.customerPhone)}
          </a>
        </Detail>
        <Detail label="Address">{addressText(o.shippingAddress)}</Detail>
        {o.buyerGstin ? (
          <>
            <Detail label="Business">{o.buyerBusinessName}</Detail>
            <Detail label="Buyer GSTIN">{o.buyerGstin}</Detail>
          </>
        ) : null}
        <Detail label="Preferred date">{o.preferredDate ?? "Not given"}</Detail>
        <Detail label="WhatsApp updates">
          <WhatsAppUpdates o={o} />
        </Detail>
      </dl>
    </DetailsSection>
  );
}

const WHATSAPP_EVENT_LABELS: Record<string, string> = {
  placed: "Order placed",
  confirmed: "Confirmed",
  dispatched: "Dispatched",
  delivered: "Delivered",
};

/** Whether the shopper asked for WhatsApp updates at checkout, and what became of each message. */
function WhatsAppUpdates({ o }: { o: CommonDetails }) {
  if (!o.whatsappUpdates) return <>No (not asked for at checkout)</>;
  return (
    <span className="grid gap-0.5">
      <span>Yes (asked for at checkout)</span>
      {o.whatsappMessages.map((m) => (
        <span key={m.event} className="text-xs text-muted-foreground">
          {WHATSAPP_EVENT_LABELS[m.event] ?? m.event}:{" "}
          {m.state === "sent"
            ? "sent"
            : m.state === "failed"
              ? `not sent (${m.failure ?? "refused"})`
              : "waiting"}
        </span>
      ))}
    </span>
  );
}

export function OrderInfo({ o }: { o: CommonDetails }) {
  return (
    <DetailsSection title="Order Information">
      <dl className="grid gap-2">
        <Detail label="Order ID">{o.displayId}</Detail>
        <Detail label="Date">{formatIstDateTime(o.createdAt)} IST</Detail>
        <Detail label="Status">
          <StatusBadge status={o.status} />
        </Detail>
        <Detail label="Channel">{o.channelNote}</Detail>
        <Detail label="Payment">{o.paymentLabel}</Detail>
        <Detail label="Payment status">
          <PaymentBadge status={o.paymentStatus} order={o} />
          {o.isTest ? (
            <span className="ml-2 text-xs font-medium text-amber-700">Test gateway: no real money</span>
          ) : null}
        </Detail>
        {o.razorpayOrderId ? (
          <Detail label={o.isTest ? "Test order id" : "Razorpay order id"}>{o.razorpayOrderId}</Detail>
        ) : null}
        {o.razorpayPaymentId ? (
          <Detail label={o.isTest ? "Test payment id" : "Razorpay payment id"}>{o.razorpayPaymentId}</Detail>
        ) : null}
        {o.courier ? <Detail label="Courier">{o.courier}</Detail> : null}
        {o.trackingNumber ? <Detail label="Tracking number">{o.trackingNumber}</Detail> : null}
      </dl>
    </DetailsSection>
  );
}

/** The spec's state when the admin session has ended or the request was refused. */
export function AdminLoginRequired() {
  return (
    <Card className="mx-auto max-w-md">
      <CardHeader className="items-center text-center">
        <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
        <CardTitle>Admin login required</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4 text-center">
        <p className="text-muted-foreground">Please sign in to view orders.</p>
        <Link to="/admin/login" reloadDocument className={buttonVariants()}>
          Sign In
        </Link>
      </CardContent>
    </Card>
  );
}

/** The details dialog of an admin order list: the order's view, or 'Order not found'. */
export function OrderDetailsDialog({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[92vh] overflow-y-auto p-4 sm:max-w-4xl sm:p-6">
        {children ?? (
          <DialogHeader>
            <DialogTitle>Order not found</DialogTitle>
            <DialogDescription>This order does not exist or was removed.</DialogDescription>
          </DialogHeader>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** An admin order list that could not load: the login-required state after 401/403, else the spec's message. */
export function OrderListError({
  error,
  title,
  text,
  retryHref,
}: {
  error: unknown;
  title: string;
  text: string;
  retryHref: string;
}) {
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403))
    return <AdminLoginRequired />;
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <Link to={retryHref} reloadDocument className={buttonVariants({ variant: "outline" })}>
        Try again
      </Link>
    </div>
  );
}
