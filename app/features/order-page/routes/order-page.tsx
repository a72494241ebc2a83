import type { ReactNode } from "react";
import { Truck } from "~/ui/icons";
import { PrivateLinkErrorPage } from "~/ui/error-page";
import { data, Link } from "react-router";
import { CancelOrder } from "~/features/order-page/ui/cancel-order";
import { DesignProof } from "~/features/design-proofs/ui/design-proof";
import { OrderLines } from "~/features/order-page/ui/order-lines";
import { OrderTimeline } from "~/features/order-page/ui/order-timeline";
import { OrderInvoices } from "~/features/invoices/ui/order-invoices";
import { PayAgain } from "~/features/order-page/ui/pay-again";
import { PayInstead } from "~/features/order-page/ui/pay-instead";
import { prepayOfferForOrder } from "~/features/checkout/cod-prepay.server";
import { NdrAnswer } from "~/features/order-page/ui/ndr-answer";
import { RequestReturn } from "~/features/after-sale/ui/request-return";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { formatRupees } from "~/shared/money";
import { formatIsoDate, formatIstLongDate } from "~/shared/ist-dates";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";
import { OrderDeclarations } from "~/features/order-page/ui/order-declarations";
import { pageMeta } from "~/ui/seo";
import { orderPageAction, orderPageLoader } from "~/features/order-page/routes/order-page-route.server";
import { proofsForOrderPage } from "~/features/order-page/order-proofs.server";
import { orderPageReviews } from "~/features/reviews/reviews.server";
import { OrderReviews } from "~/features/reviews/ui/order-reviews";
import { CodConfirmation } from "~/features/cod-confirmation/ui/cod-confirmation-card";
import { codConfirmationOfOrder } from "~/features/cod-confirmation/cod-confirmation.server";
import type { Route } from "./+types/order-page";

export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  pageMeta(matches, {
    title: d ? `Order ${d.order.displayId}` : "Your order",
    description: "Your order's status and tracking.",
    path: "/orders",
    noindex: true,
  });

// The link is the key to the order: never cached on the way (and, by server/security-headers.ts, never sent on as a referrer).
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await orderPageLoader(params.token, context);
  if (!order) throw data(null, { status: 404 });
  const [proofs, reviews, cod, prepay] = await Promise.all([
    proofsForOrderPage(params.token),
    orderPageReviews(order.accessToken),
    codConfirmationOfOrder({ token: order.accessToken }),
    prepayOfferForOrder(order.accessToken),
  ]);
  return { order, proofs, reviews, cod, prepay };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return orderPageAction(params.token, request, context);
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const o = loaderData.order;
  const settings = useShopSettings();
  const placed = formatIstLongDate(o.createdAt);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">
          Order <span className="font-mono">#{o.displayId}</span>{" "}
          {o.isTest ? (
            <span className="ml-1 align-middle text-sm font-medium text-amber-400">(Test)</span>
          ) : null}
        </h1>
        <p className="text-muted-foreground">
          Placed on {placed} · <span className="font-medium text-foreground">{o.statusLabel}</span>
        </p>
      </div>

      {loaderData.cod ? <CodConfirmation {...loaderData.cod} /> : null}
      {loaderData.prepay ? (
        <PayInstead
          offer={loaderData.prepay}
          storeName={settings?.store.name ?? "Neon Lights"}
          displayId={o.displayId}
        />
      ) : null}

      {o.canRetryPayment && o.payUntil ? (
        <Card className="border-amber-600">
          <CardContent className="pt-6">
            <PayAgain
              storeName={settings?.store.name ?? "Neon Lights"}
              displayId={o.displayId}
              payUntil={o.payUntil}
            />
          </CardContent>
        </Card>
      ) : null}

      {o.ndr ? (
        <Section title="We could not deliver your order" className="border-amber-600">
          <NdrAnswer ndr={o.ndr} />
        </Section>
      ) : null}

      {loaderData.proofs.versions.length > 0 ? (
        <Section title="Your design proof">
          <DesignProof {...loaderData.proofs} />
        </Section>
      ) : null}

      <div className="grid gap-6 md:grid-cols-[1fr_16rem]">
        <Section title="Items">
          <OrderLines lines={o.lines} charges={o.charges} />
        </Section>
        <Section title="Status" contentClassName="space-y-4">
          <OrderTimeline steps={o.timeline} />
          {o.trackingNumber ? (
            <div className="space-y-1 rounded-md border p-3 text-sm">
              <p className="flex items-center gap-2 font-medium">
                <Truck className="size-4" aria-hidden /> {o.courier}
              </p>
              <p>
                Tracking number: <span className="font-mono">{o.trackingNumber}</span>
              </p>
              {o.trackingUrl ? (
                <a
                  href={o.trackingUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="text-primary underline"
                >
                  Track your parcel
                </a>
              ) : null}
            </div>
          ) : null}
        </Section>
      </div>

      <Section title="Payment and delivery">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Payment</dt>
            <dd className="font-medium">
              {o.payment.method}:{" "}
              {o.payment.isCod && o.payment.status === "Pending" ? "pay on delivery" : o.payment.status}
            </dd>
            {o.refunds.map((r) => (
              <dd key={r.id}>
                {r.label}: {formatRupees(r.amount)}
              </dd>
            ))}
          </div>
          <div>
            <dt className="text-muted-foreground">Estimated delivery</dt>
            <dd className="font-medium">{o.estimatedDelivery}</dd>
            {o.preferredDate ? <dd>Preferred date: {formatIsoDate(o.preferredDate)}</dd> : null}
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">Delivery address</dt>
            <dd>
              {o.customerName}, {o.address}
            </dd>
            <dd className="text-muted-foreground">
              {o.customerPhone} · {o.customerEmail}
            </dd>
          </div>
        </dl>
      </Section>

      {o.invoices.documents.length > 0 || o.invoices.canRequest ? (
        <Card>
          <CardContent className="pt-6">
            <OrderInvoices
              accessToken={o.accessToken}
              documents={o.invoices.documents}
              canRequest={o.invoices.canRequest}
              doc={o.invoices.doc}
            />
          </CardContent>
        </Card>
      ) : null}

      <OrderDeclarations declarations={o.declarations} />

      {loaderData.reviews ? <OrderReviews reviews={loaderData.reviews} /> : null}

      {o.returns.length > 0 || o.returnForm ? (
        <Section title="Returns" contentClassName="space-y-3">
          {o.returns.length > 0 ? (
            <ul className="space-y-2 text-sm" aria-label="Your returns">
              {o.returns.map((r) => (
                <li key={r.id}>
                  <span className="font-medium">{r.label}</span> · {r.reason}
                  {r.note ? <span className="block text-muted-foreground">{r.note}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
          {o.returnForm ? <RequestReturn {...o.returnForm} /> : null}
        </Section>
      ) : null}

      {o.cancelUntil ? (
        <Section title="Changed your mind?">
          <CancelOrder
            cancelUntil={o.cancelUntil}
            paidOnline={!o.payment.isCod && o.payment.status === "Paid"}
            total={formatRupees(o.totalAmount)}
          />
        </Section>
      ) : null}

      <p className="text-sm text-muted-foreground">
        Questions about this order? Call {settings?.store.phone} or write to {settings?.store.email}, and
        mention #{o.displayId}. Something wrong?{" "}
        <Link
          to={`/complaints/new?order=${encodeURIComponent(o.displayId)}`}
          className="font-medium text-primary underline underline-offset-2"
        >
          Raise a complaint
        </Link>
        . Your details:{" "}
        <Link to="/my-data" className="font-medium text-primary underline underline-offset-2">
          My data
        </Link>{" "}
        (see, correct or erase them).
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PrivateLinkErrorPage
      error={error}
      notFound={{
        title: "Order not found",
        text: "This order link is not valid. Use the link from your order e-mail, or ask for it again.",
      }}
      action={
        <Button asChild>
          <Link to="/orders">Find my order</Link>
        </Button>
      }
    />
  );
}

/** One titled card of the page. */
function Section(props: {
  title: string;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card className={props.className}>
      <CardHeader>
        <h2 className="text-lg font-semibold">{props.title}</h2>
      </CardHeader>
      <CardContent className={props.contentClassName}>{props.children}</CardContent>
    </Card>
  );
}
