import { useEffect, useState } from "react";
import { AddressCards } from "~/features/checkout/ui/address-cards";
import { CheckoutCartEmpty, CheckoutLoading } from "~/features/checkout/ui/checkout-placeholders";
import { DeliveryMethodCard } from "~/features/checkout/ui/delivery-method-card";
import { DiscountCodeBox } from "~/features/discount-codes/ui/discount-code-box";
import { OrderSummary, OrderSummaryLoading } from "~/features/checkout/ui/order-summary";
import { RememberedPin } from "~/features/checkout/ui/remembered-pin";
import { PinPlaceFill } from "~/features/checkout/ui/pin-place-fill";
import { PaymentMethodCard } from "~/features/checkout/ui/payment-method-card";
import {
  minPreferredDate,
  normalizeIndianMobile,
  PINCODE_PATTERN,
} from "~/features/checkout/checkout-fields";
import {
  checkCheckoutForm,
  checkoutChecksLoaded,
  loadCheckoutChecks,
} from "~/features/checkout/ui/checkout-checks";
import { type PaymentMethodId } from "~/features/order-lifecycle/order-status";
import { formValues } from "~/shared/form-errors";
import type { CountryCode } from "~/shared/countries";
import type { DomesticMethod } from "~/features/checkout/shipping";
import { useCart } from "~/features/cart/ui/cart-store";
import { takeRememberedDiscountCode } from "~/features/discount-codes/ui/discount-code-memory";
import { freeDeliveryHint, useCheckoutCharges } from "~/features/checkout/ui/use-checkout-charges";
import { usePlaceOrder } from "~/features/checkout/ui/use-place-order";
import { useForm } from "~/ui/use-form";
import { COD_UNAVAILABLE_MESSAGE } from "~/features/couriers/courier-messages";
import { rememberPin } from "~/features/couriers/ui/pin-memory";
import { pageMeta } from "~/ui/seo";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";
import type { Route } from "./+types/checkout";
import { usePreferredDateFloor } from "~/features/checkout/ui/preferred-date-floor";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Checkout",
    description: "Complete your order.",
    path: "/checkout",
    noindex: true,
  });

export async function loader() {
  const { paymentGateway } = await import("~/features/payments/gateway.server");
  const { shopSalesDocument } = await import("~/features/settings/gst-registration.server");
  const { shopSettings } = await import("~/features/settings/store-settings.server");
  const g = paymentGateway();
  return {
    // The owner refuses cash on delivery from an RTO risk level (issue 30): the quote needs the contact.
    riskCheck: (await shopSettings()).prepaid.prepaidRiskLevel !== "off",
    online: g.mode !== "off",
    testGateway: g.mode === "test",
    minDate: minPreferredDate(),
    // The business buyer's box promises a B2B tax invoice: not shown by a shop not registered for GST.
    taxInvoices: (await shopSalesDocument()) !== "bill-of-supply",
  };
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { items, hydrated } = useCart();
  const settings = useShopSettings();
  const [chosenMethod, setMethod] = useState<PaymentMethodId>(loaderData.online ? "razorpay" : "cod");
  const [country, setCountry] = useState<CountryCode>("IN");
  const abroad = country !== "IN";
  // Abroad: online payment only.
  const method: PaymentMethodId = abroad ? "razorpay" : chosenMethod;
  const [shippingMethod, setShippingMethod] = useState<DomesticMethod>("standard");
  const [pincode, setPincode] = useState("");
  const [contact, setContact] = useState({ phone: "", email: "", address1: "" });
  const [discountCode, setDiscountCode] = useState<string | null>(null);
  // A code picked up from a banner is applied once (the server checks it like a typed one).
  useEffect(() => {
    const remembered = takeRememberedDiscountCode();
    if (remembered) setDiscountCode(remembered);
  }, []);
  const pin = PINCODE_PATTERN.test(pincode) ? pincode : "";
  const choice = {
    country,
    pincode: pin,
    shippingMethod,
    paymentMethod: method,
    discountCode,
    riskCheck: loaderData.riskCheck,
    ...contact,
  };
  const charges = useCheckoutCharges(items, hydrated, choice, settings);
  const { quote, summary, options, pinDelivery, codRule, noCod, effectiveShipping } = charges;
  // Where the courier collects no cash, online payment is chosen for the shopper (the server refuses COD).
  useEffect(() => {
    if (noCod && loaderData.online) setMethod("razorpay");
  }, [noCod, loaderData.online]);
  const preferredMin = usePreferredDateFloor(options, effectiveShipping, loaderData.minDate);
  // What the order needs beside the form's fields: the choices the page keeps itself.
  const choices = {
    paymentMethod: method,
    shippingMethod: effectiveShipping,
    discountCode: discountCode ?? "",
  };
  // One schema for the browser and the server; a corrected field loses its error as it becomes valid. The
  // order is posted as JSON (usePlaceOrder), whose answer's field errors come back through setErrors.
  // The schema loads when the shopper starts on the form, not with the page (checkout-checks.ts).
  const form = useForm({
    answer: undefined,
    schema: checkCheckoutForm,
    values: (f) => ({ ...formValues(new FormData(f)), ...choices }),
  });
  const { busy, submitFormElement, done } = usePlaceOrder({
    items,
    storeName: settings?.store.name ?? "NeonLights",
    form,
    onLineErrors: charges.setLineErrors,
  });

  // The settings come with the page, so the server draws the whole form at once (the first paint is the page);
  // only the summary waits for the cart, which lives in this browser.
  if (!summary || !settings) return <CheckoutLoading />;

  if (hydrated && items.length === 0 && !done.current) return <CheckoutCartEmpty />;

  function onChange(e: React.FormEvent<HTMLFormElement>) {
    form.props.onChange(e);
    const target = e.target as HTMLInputElement;
    if (target.name === "pincode") {
      setPincode(target.value.trim());
      if (country === "IN") rememberPin(target.value.trim());
    }
    if (target.name === "country") setCountry(target.value as CountryCode);
    // Complete contact details let the quote check a code's uses per shopper (and the owner's risk rule).
    if (["phone", "email", "address1"].includes(target.name)) {
      const f = new FormData(e.currentTarget);
      const phone = normalizeIndianMobile(String(f.get("phone") ?? "")) ?? "";
      const email = String(f.get("email") ?? "").trim();
      const address1 = loaderData.riskCheck ? String(f.get("address1") ?? "").trim() : "";
      const next = { phone, email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : "", address1 };
      if (next.phone !== contact.phone || next.email !== contact.email || next.address1 !== contact.address1)
        setContact(next);
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-bold">Checkout</h1>
      <div className="grid gap-8 lg:grid-cols-3">
        <form
          id="checkout-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const formEl = e.currentTarget;
            const send = () => submitFormElement(formEl, choices);
            // Not loaded yet (autofill, then Place Order): checked once it is; unloadable: the server checks.
            if (checkoutChecksLoaded()) send();
            else void loadCheckoutChecks().then(send, send);
          }}
          onFocus={() => void loadCheckoutChecks().catch(() => undefined)}
          onPointerDown={() => void loadCheckoutChecks().catch(() => undefined)}
          onChange={onChange}
          onBlur={form.props.onBlur}
          className="space-y-6 lg:col-span-2"
        >
          <AddressCards
            errors={form.errors}
            minDate={preferredMin}
            country={country}
            taxInvoices={loaderData.taxInvoices}
          />
          {country === "IN" ? <RememberedPin /> : null}
          <PinPlaceFill pin={country === "IN" ? pin : ""} setFieldError={form.setFieldError} />
          <PaymentMethodCard
            method={method}
            onChange={setMethod}
            online={loaderData.online}
            testGateway={loaderData.testGateway}
            codFee={settings.shipping.codFee}
            onlineSaving={quote?.onlineSaving ?? settings.shipping.codFee}
            codAvailable={!abroad && !noCod}
            codNote={codRule ?? (noCod ? COD_UNAVAILABLE_MESSAGE : null)}
          />
          {/* After the payment card: its options change with the PIN, and nothing below it moves then. */}
          <DeliveryMethodCard
            options={options}
            method={abroad ? (options[0]?.method ?? "international") : effectiveShipping}
            onChange={setShippingMethod}
            pincodeComplete={pin !== ""}
            freeDeliveryHint={
              abroad ? null : freeDeliveryHint(settings.shipping.freeFrom, summary, effectiveShipping)
            }
            error={form.errors.shippingMethod}
            notServiceable={pinDelivery?.serviceable === false}
          />
        </form>
        {!hydrated ? (
          <OrderSummaryLoading />
        ) : (
          <OrderSummary
            items={items}
            quote={quote}
            charges={summary}
            discountBox={
              <DiscountCodeBox
                key={discountCode ?? ""}
                applied={discountCode}
                onApply={(code) => {
                  form.setFieldError("discountCode", undefined);
                  setDiscountCode(code);
                }}
                discount={quote?.discount ?? null}
                error={form.errors.discountCode ?? quote?.discountError ?? null}
                pending={Boolean(discountCode) && !quote}
              />
            }
            lineErrors={charges.lineErrors}
            busy={busy}
            method={method}
            testGateway={loaderData.testGateway}
          />
        )}
      </div>
    </div>
  );
}
