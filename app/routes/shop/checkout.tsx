import { Loader2, ShoppingBag } from "lucide-react";
import { useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { AddressCards } from "~/components/checkout/address-cards";
import { OrderSummary } from "~/components/checkout/order-summary";
import { PaymentMethodCard } from "~/components/checkout/payment-method-card";
import { Button } from "~/components/ui/button";
import { checkoutFormSchema, minPreferredDate, type PaymentMethodId } from "~/domain/checkout";
import { formValues } from "~/domain/form-errors";
import { cartSummary } from "~/domain/order-pricing";
import { useCart } from "~/lib/cart-store";
import { useCheckoutQuote } from "~/lib/checkout/use-checkout-quote";
import { usePlaceOrder } from "~/lib/checkout/use-place-order";
import { useFormErrors } from "~/lib/use-form-errors";
import { pageMeta } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Checkout",
    description: "Complete your order.",
    path: "/checkout",
    noindex: true,
  });

export async function loader() {
  const { paymentGateway } = await import("~/server/payments/gateway.server");
  const g = paymentGateway();
  return { online: g.mode !== "off", testGateway: g.mode === "test", minDate: minPreferredDate() };
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { items, hydrated } = useCart();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [method, setMethod] = useState<PaymentMethodId>(loaderData.online ? "razorpay" : "cod");
  // One schema for the browser and the server; a corrected field loses its error as it becomes valid.
  const form = useFormErrors(checkoutFormSchema, {
    values: (f) => ({ ...formValues(new FormData(f)), paymentMethod: method }),
  });
  const { quote, lineErrors, setLineErrors } = useCheckoutQuote(items, hydrated);
  const { busy, place, done } = usePlaceOrder({
    items,
    storeName: root?.store.name ?? "NeonLights",
    onFieldErrors: form.setErrors,
    onLineErrors: setLineErrors,
  });

  if (!hydrated) {
    return (
      // As tall as the screen, so the footer does not jump when the form replaces it (no layout shift).
      <div className="mx-auto flex min-h-screen max-w-7xl items-start justify-center px-4 py-24 text-muted-foreground">
        <Loader2 className="mr-2 size-5 animate-spin" aria-hidden /> Loading checkout...
      </div>
    );
  }

  if (items.length === 0 && !done.current) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <ShoppingBag className="size-14 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-bold">Your cart is empty</h1>
        <p className="text-muted-foreground">Add some items to your cart before proceeding to checkout.</p>
        <Button asChild>
          <Link to="/products">Continue Shopping</Link>
        </Button>
      </div>
    );
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (Object.keys(form.validate(e.currentTarget)).length > 0) return;
    place({ ...formValues(new FormData(e.currentTarget)), paymentMethod: method });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-bold">Checkout</h1>
      <div className="grid gap-8 lg:grid-cols-3">
        <form
          id="checkout-form"
          noValidate
          onSubmit={onSubmit}
          onChange={form.onChange}
          onBlur={form.onBlur}
          className="space-y-6 lg:col-span-2"
        >
          <AddressCards errors={form.errors} minDate={loaderData.minDate} />
          <PaymentMethodCard
            method={method}
            onChange={setMethod}
            online={loaderData.online}
            testGateway={loaderData.testGateway}
          />
        </form>
        <OrderSummary
          items={items}
          quote={quote}
          summary={quote ?? cartSummary(items)}
          lineErrors={lineErrors}
          busy={busy}
          method={method}
          testGateway={loaderData.testGateway}
        />
      </div>
    </div>
  );
}
