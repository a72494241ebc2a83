import { useState } from "react";
import { PrivateLinkErrorPage } from "~/ui/error-page";
import { data, Link } from "react-router";
import { CancelOrder } from "~/features/order-page/ui/cancel-order";
import { DesignProof } from "~/features/design-proofs/ui/design-proof";
import { OrderLines } from "~/features/order-page/ui/order-lines";
import { OrderTimeline } from "~/features/order-page/ui/order-timeline";
import { OrderInvoices } from "~/features/invoices/ui/order-invoices";
import { PayAgain } from "~/features/order-page/ui/pay-again";
import { PayInstead } from "~/features/order-page/ui/pay-instead";
import { PayLinkCard } from "~/features/order-page/ui/pay-link-card";
import { payLinkForOrder } from "~/features/payments/pay-link.server";
import { prepayOfferForOrder } from "~/features/payments/cod-prepay.server";
import { NdrAnswer } from "~/features/order-page/ui/ndr-answer";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { formatRupees } from "~/shared/money";
import { formatIstLongDate } from "~/shared/ist-dates";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";
import { OrderDeclarations } from "~/features/order-page/ui/order-declarations";
import { OrderHelp } from "~/features/order-page/ui/order-help";
import { OrderPaymentDelivery } from "~/features/order-page/ui/order-payment-delivery";
import { OrderReturns } from "~/features/order-page/ui/order-returns";
import { OrderSection } from "~/features/order-page/ui/order-section";
import { OrderTracking } from "~/features/order-page/ui/order-tracking";
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
  const [proofs, reviews, cod, prepay, payLink] = await Promise.all([
    proofsForOrderPage(params.token),
    orderPageReviews(order.accessToken),
    codConfirmationOfOrder({ token: order.accessToken }),
    prepayOfferForOrder(order.accessToken),
    payLinkForOrder(order.accessToken),
  ]);
  return { order, proofs, reviews, cod, prepay, payLink };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return orderPageAction(params.token, request, context);
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const o = loaderData.order;
  const settings = useShopSettings();
  const placed = formatIstLongDate(o.createdAt);
  // "Thank you! Your payment is confirmed." stays here once the paid order's payment card is gone.
  const [paid, setPaid] = useState<string | null>(null);
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

      {paid ? (
        <p role="status" className="rounded-md border border-green-700 p-3 text-sm font-medium">
          {paid}
        </p>
      ) : null}
      {loaderData.cod ? <CodConfirmation {...loaderData.cod} /> : null}
      {loaderData.prepay ? (
        <PayInstead
          offer={loaderData.prepay}
          storeName={settings?.store.name ?? "Neon Lights"}
          displayId={o.displayId}
          onPaid={setPaid}
        />
      ) : null}

      {loaderData.payLink ? (
        <PayLinkCard
          link={loaderData.payLink}
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
              onPaid={setPaid}
            />
          </CardContent>
        </Card>
      ) : null}

      {o.ndr ? (
        <OrderSection title="We could not deliver your order" className="border-amber-600">
          <NdrAnswer ndr={o.ndr} />
        </OrderSection>
      ) : null}

      {loaderData.proofs.versions.length > 0 ? (
        <OrderSection title="Your design proof">
          <DesignProof {...loaderData.proofs} />
        </OrderSection>
      ) : null}

      <div className="grid gap-6 md:grid-cols-[1fr_16rem]">
        <OrderSection title="Items">
          <OrderLines lines={o.lines} charges={o.charges} />
        </OrderSection>
        <OrderSection title="Status" contentClassName="space-y-4">
          <OrderTimeline steps={o.timeline} />
          {o.trackingNumber ? (
            <OrderTracking
              courier={o.courier}
              trackingNumber={o.trackingNumber}
              trackingUrl={o.trackingUrl}
            />
          ) : null}
        </OrderSection>
      </div>

      <OrderPaymentDelivery order={o} />

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
        <OrderReturns returns={o.returns} returnForm={o.returnForm} />
      ) : null}

      {o.cancelUntil ? (
        <OrderSection title="Changed your mind?">
          <CancelOrder
            cancelUntil={o.cancelUntil}
            paidOnline={!o.payment.isCod && o.payment.status === "Paid"}
            total={formatRupees(o.totalAmount)}
          />
        </OrderSection>
      ) : null}

      <OrderHelp displayId={o.displayId} phone={settings?.store.phone} email={settings?.store.email} />
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
