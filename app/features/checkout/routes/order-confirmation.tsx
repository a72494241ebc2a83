import { Mail, Phone } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useRouteLoaderData, useSearchParams } from "react-router";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import {
  LAST_ORDER_STORAGE_KEY,
  PAYMENT_METHOD_LABELS,
  parseLastOrderDetails,
  type LastOrderDetails,
} from "~/features/checkout/checkout";
import { formatRupees } from "~/shared/money";
import { chargeLines, estimatedDeliveryText } from "~/features/checkout/order-charges";
import { deliveryDates, deliveryDatesText } from "~/features/checkout/shipping";
import { todayInIndia } from "~/shared/ist-dates";
import { telHref } from "~/features/settings/store";
import { ConfirmationHeading, NextSteps } from "~/features/checkout/ui/order-next-steps";
import { pageMeta } from "~/ui/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/order-confirmation";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Order Confirmation",
    description: "Your order has been placed.",
    path: "/order-confirmation",
    noindex: true,
  });

/**
 * The confirmation page reads only the browser's own `lastOrderDetails` record: it never looks an
 * order up by id, so a guessed id shows nobody's data.
 */
export default function OrderConfirmationPage() {
  const [params] = useSearchParams();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const orderId = params.get("orderId") || "Unknown";
  const [details, setDetails] = useState<LastOrderDetails | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(LAST_ORDER_STORAGE_KEY);
    } catch {
      raw = null;
    }
    const d = parseLastOrderDetails(raw);
    // The record is shown only for the order in the address bar.
    setDetails(d && d.orderId === orderId ? d : null);
    setLoaded(true);
  }, [orderId]);

  const date = details?.orderDate ? new Date(details.orderDate) : loaded ? new Date() : null;
  const store = root?.store;
  const c = details?.charges;
  const estimate =
    c?.deliveryDaysMin && c.deliveryDaysMax && details?.orderDate
      ? deliveryDates(c.deliveryDaysMin, c.deliveryDaysMax, todayInIndia(new Date(details.orderDate)))
      : null;

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <ConfirmationHeading details={details} />

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Order Details</h2>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">Order ID</dt>
              <dd className="font-mono text-base font-semibold">#{orderId}</dd>
              {details?.otherOrderIds?.length ? (
                <dd className="text-xs text-muted-foreground">
                  Also: {details.otherOrderIds.map((id) => `#${id}`).join(", ")}
                </dd>
              ) : null}
            </div>
            <div>
              <dt className="text-muted-foreground">Order Date</dt>
              <dd className="text-base font-medium">
                {date
                  ? date.toLocaleDateString("en-IN", { day: "numeric", month: "long", year: "numeric" })
                  : "\u00a0"}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Payment Method</dt>
              <dd className="text-base font-medium">
                {details ? PAYMENT_METHOD_LABELS[details.paymentMethod] : "\u2014"}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Total Amount</dt>
              <dd className="text-base font-semibold">
                {details ? formatRupees(details.totalAmount) : "\u2014"}
              </dd>
              {details?.charges ? (
                <dd>
                  <dl className="mt-1 space-y-0.5 text-xs text-muted-foreground" aria-label="Charges">
                    {chargeLines({ ...details.charges, totalAmount: details.totalAmount })
                      .filter((c) => c.kind !== "total")
                      .map((c) => (
                        <div key={c.label} className="flex justify-between gap-4 sm:max-w-64">
                          <dt>{c.label}</dt>
                          <dd>{c.value}</dd>
                        </div>
                      ))}
                  </dl>
                </dd>
              ) : null}
            </div>
            <div className="sm:col-span-2">
              <dt className="text-muted-foreground">Delivery Address</dt>
              <dd className="text-base">
                {details?.shippingAddress || "Address will be confirmed via call"}
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-muted-foreground">Estimated Delivery</dt>
              <dd className="text-base font-medium">
                {estimatedDeliveryText(
                  details?.charges?.deliveryDaysMin,
                  details?.charges?.deliveryDaysMax,
                  root?.shipping,
                )}
              </dd>
              {estimate ? <dd className="text-sm">{deliveryDatesText(estimate)}</dd> : null}
              <dd className="text-xs text-muted-foreground">
                You'll receive tracking details by email once your order ships.
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      {details?.orderPages?.length ? (
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Your Items</h2>
          </CardHeader>
          <CardContent className="space-y-5">
            {details.orderPages.map((p) => (
              <section key={p.path} className="space-y-2" aria-label={`Order #${p.displayId}`}>
                {details.orderPages!.length > 1 ? (
                  <h3 className="font-mono text-sm font-semibold">#{p.displayId}</h3>
                ) : null}
                <ul className="divide-y text-sm">
                  {p.lines.map((l, i) => (
                    <li key={i} className="flex justify-between gap-4 py-2">
                      <span className="min-w-0">
                        <span className="block font-medium break-words">{l.name}</span>
                        <span className="block text-muted-foreground">
                          {l.details} · Qty {l.quantity}
                        </span>
                      </span>
                      <span className="shrink-0 font-medium">{formatRupees(l.lineTotal)}</span>
                    </li>
                  ))}
                </ul>
                <Button asChild variant="outline" size="sm">
                  <Link to={p.path}>
                    {details.orderPages!.length > 1 ? `Track order #${p.displayId}` : "Track your order"}
                  </Link>
                </Button>
              </section>
            ))}
            <p className="text-xs text-muted-foreground">
              The order page shows its status and tracking, and lets you cancel within 24 hours. The same link
              is in your confirmation e-mail.
            </p>
          </CardContent>
        </Card>
      ) : null}

      <NextSteps codConfirmBy={details?.codConfirmBy} />

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Need Help?</h2>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm sm:flex-row sm:gap-8">
          {store ? (
            <>
              <a
                href={telHref(store.phone)}
                className="flex items-center gap-2 text-primary underline-offset-4 hover:underline"
              >
                <Phone className="size-4" aria-hidden /> {store.phone}
              </a>
              <a
                href={`mailto:${store.email}`}
                className="flex items-center gap-2 text-primary underline-offset-4 hover:underline"
              >
                <Mail className="size-4" aria-hidden /> {store.email}
              </a>
            </>
          ) : null}
        </CardContent>
      </Card>

      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/">Back to Home</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/products">Continue Shopping</Link>
        </Button>
      </div>
    </div>
  );
}
