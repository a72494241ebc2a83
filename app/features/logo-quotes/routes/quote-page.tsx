import { useState } from "react";
import { isRouteErrorResponse, Link, useParams } from "react-router";
import { AddressCards } from "~/features/checkout/ui/address-cards";
import { PaymentMethodCard } from "~/features/checkout/ui/payment-method-card";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { checkoutFormSchema, minPreferredDate, PINCODE_PATTERN } from "~/features/checkout/checkout";
import { PinPlaceFill } from "~/features/checkout/ui/pin-place-fill";
import { knownPinProblems } from "~/features/couriers/ui/pin-lookup";
import { type PaymentMethodId } from "~/features/order-lifecycle/order-status";
import type { CountryCode } from "~/shared/countries";
import { formValues, validateAll } from "~/shared/form-errors";
import { formatRupees } from "~/shared/money";
import { shippingCharges } from "~/features/checkout/shipping";
import { PlaceOrderButton } from "~/features/checkout/ui/place-order-button";
import { usePlaceOrder } from "~/features/checkout/ui/use-place-order";
import { pageMeta } from "~/ui/seo";
import { useForm } from "~/ui/use-form";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";
import { quotePageLoader } from "~/features/logo-quotes/routes/logo-quote-routes.server";
import type { Route } from "./+types/quote-page";

export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  pageMeta(matches, {
    title: d ? `Logo quote ${d.quote.ref}` : "Your logo quote",
    description: "Your logo sign's price, and ordering it.",
    path: "/quotes",
    noindex: true,
  });

// The link is the key to the quote: never cached on the way.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const quote = await quotePageLoader(params.token, context);
  const { paymentGateway } = await import("~/features/payments/gateway.server");
  const { shopSalesDocument } = await import("~/features/settings/gst-registration.server");
  const g = paymentGateway();
  return {
    quote,
    online: g.mode !== "off",
    testGateway: g.mode === "test",
    minDate: minPreferredDate(),
    taxInvoices: (await shopSalesDocument()) !== "bill-of-supply",
  };
}

export default function QuotePage({ loaderData }: Route.ComponentProps) {
  const { quote } = loaderData;
  const { token } = useParams();
  const settings = useShopSettings();
  const [chosen, setMethod] = useState<PaymentMethodId>(loaderData.online ? "razorpay" : "cod");
  const [country, setCountry] = useState<CountryCode>("IN");
  const method: PaymentMethodId = country !== "IN" ? "razorpay" : chosen;
  // The checkout's form and schema; the order's answer gives its field errors back through setErrors.
  const choices = { paymentMethod: method, shippingMethod: "standard" };
  const form = useForm({
    answer: undefined,
    // The PIN's look-up (issue 42) says a PIN that does not exist, or is in another state, as the server does.
    schema: (v) => ({ ...knownPinProblems(v), ...validateAll(checkoutFormSchema, v) }),
    values: (f) => ({ ...formValues(new FormData(f)), ...choices }),
  });
  const { busy, submitForm } = usePlaceOrder({
    items: [],
    storeName: settings?.store.name ?? "NeonLights",
    form,
    onLineErrors: (e) => setProblem(e[0] ?? null),
    endpoint: `/api/quotes/${token}/checkout`,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [pincode, setPincode] = useState("");
  // The same rules the server applies (it decides again when the order is placed).
  const charged =
    settings && quote.price !== null
      ? shippingCharges(
          {
            dest: { country, pincode },
            method: "standard",
            paymentMethod: method,
            goodsSubtotal: quote.price,
            custom: true,
          },
          settings.shipping,
        )
      : null;
  const charges = charged?.ok ? charged.charges : null;

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">
          Logo quote <span className="font-mono">{quote.ref}</span>
        </h1>
        <p className="text-muted-foreground">{quote.stateLabel}</p>
      </div>
      <div className="grid gap-6 md:grid-cols-[1fr_20rem]">
        <Card>
          <CardContent className="space-y-3 pt-6">
            <img
              {...quote.image}
              sizes="(min-width: 768px) 560px, 100vw"
              alt="Your logo"
              className="h-auto max-h-96 w-full rounded-md border bg-black object-contain"
            />
            <dl className="grid gap-1 text-sm">
              <div className="flex gap-2">
                <dt className="text-muted-foreground">Size:</dt>
                <dd>{quote.size}</dd>
              </div>
              {quote.notes ? (
                <div className="flex gap-2">
                  <dt className="text-muted-foreground">Your notes:</dt>
                  <dd className="whitespace-pre-line">{quote.notes}</dd>
                </div>
              ) : null}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Price</h2>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {quote.price === null ? (
              <p>We are pricing your logo. You will get an e-mail with the price and this link.</p>
            ) : (
              <>
                <p className="text-2xl font-bold">{formatRupees(quote.price)}</p>
                <p className="text-muted-foreground">
                  Delivery and cash on delivery charges, if any, are added as at our checkout.
                </p>
                {quote.staffMessage ? <p className="whitespace-pre-line">{quote.staffMessage}</p> : null}
              </>
            )}
          </CardContent>
        </Card>
      </div>

      {quote.state === "ordered" && quote.orderPath ? (
        <Card>
          <CardContent className="space-y-3 pt-6">
            <p>You have ordered this sign.</p>
            <Button asChild>
              <Link to={quote.orderPath}>See your order</Link>
            </Button>
          </CardContent>
        </Card>
      ) : quote.state === "priced" && settings ? (
        <form
          id="checkout-form"
          noValidate
          onSubmit={(e) => submitForm(e, choices)}
          onChange={(e) => {
            form.props.onChange(e);
            const t = e.target as unknown as HTMLInputElement;
            if (t.name === "country") setCountry(t.value as CountryCode);
            if (t.name === "pincode") setPincode(t.value.trim());
          }}
          onBlur={form.props.onBlur}
          className="space-y-6"
        >
          <AddressCards
            errors={form.errors}
            minDate={loaderData.minDate}
            country={country}
            taxInvoices={loaderData.taxInvoices}
          />
          <PinPlaceFill
            pin={country === "IN" && PINCODE_PATTERN.test(pincode) ? pincode : ""}
            setFieldError={form.setFieldError}
          />
          <PaymentMethodCard
            method={method}
            onChange={setMethod}
            online={loaderData.online}
            testGateway={loaderData.testGateway}
            codFee={settings.shipping.codFee}
            codAvailable={country === "IN"}
          />
          {charges && quote.price !== null ? (
            <Card>
              <CardContent className="pt-6">
                <dl className="grid gap-1 text-sm" aria-label="Charges">
                  <div className="flex justify-between">
                    <dt>Logo sign ({quote.size})</dt>
                    <dd>{formatRupees(quote.price)}</dd>
                  </div>
                  <div className="flex justify-between">
                    <dt>Delivery</dt>
                    <dd>{charges.deliveryFee > 0 ? formatRupees(charges.deliveryFee) : "Free"}</dd>
                  </div>
                  {charges.codFee > 0 ? (
                    <div className="flex justify-between">
                      <dt>Cash on delivery charge</dt>
                      <dd>{formatRupees(charges.codFee)}</dd>
                    </div>
                  ) : null}
                  <div className="flex justify-between border-t pt-1 font-semibold">
                    <dt>Total</dt>
                    <dd>{formatRupees(quote.price + charges.deliveryFee + charges.codFee)}</dd>
                  </div>
                </dl>
              </CardContent>
            </Card>
          ) : null}
          {problem ? (
            <p role="alert" className="text-sm text-red-400">
              {problem}
            </p>
          ) : null}
          <PlaceOrderButton busy={busy} method={method} testGateway={loaderData.testGateway} />
        </form>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "Quote not found" : "Something went wrong"}</h1>
      <p className="text-muted-foreground">
        {notFound
          ? "This quote link is not valid. Use the link from your quote e-mail."
          : "Please try again in a moment."}
      </p>
      <Button asChild>
        <Link to="/customize/logo">Get a quote for your logo</Link>
      </Button>
    </div>
  );
}
