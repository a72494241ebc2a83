import { Rocket, Truck } from "lucide-react";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Label } from "~/ui/label";
import { NativeRadio } from "~/ui/native-radio";
import { DUTIES_NOTE } from "~/shared/countries";
import { formatRupees } from "~/shared/money";
import { businessDaysText, deliveryDatesText, type DomesticMethod } from "~/features/checkout/shipping";
import { type ShippingMethod } from "~/features/order-lifecycle/order-status";
import type { QuoteOption } from "~/features/checkout/quote.server";
import { formatDeliveryDay } from "~/shared/business-days";
import { NOT_SERVICEABLE_MESSAGE } from "~/features/couriers/courier-messages";

type Props = {
  options: QuoteOption[];
  method: ShippingMethod;
  onChange: (m: DomesticMethod) => void;
  /** The PIN code as typed so far (a hint about express delivery until it is complete). */
  pincodeComplete: boolean;
  /** "Add ₹X more for free delivery", when standard delivery is not free yet. */
  freeDeliveryHint: string | null;
  error?: string | undefined;
  /** The courier's word on the PIN: not served there is said before the order is placed. */
  notServiceable?: boolean;
};

/** The delivery options that apply to the entered PIN code, each with its fee and estimated dates. */
export function DeliveryMethodCard({
  options,
  method,
  onChange,
  pincodeComplete,
  freeDeliveryHint,
  error,
  notServiceable,
}: Props) {
  const express = options.some((o) => o.method === "express");
  return (
    <Card>
      <CardHeader>
        <h2 id="delivery-method-heading" className="text-lg font-semibold leading-none tracking-tight">
          Delivery Method
        </h2>
      </CardHeader>
      <CardContent className="space-y-3">
        <div
          role="radiogroup"
          aria-labelledby="delivery-method-heading"
          aria-describedby={error ? "delivery-method-error" : undefined}
          className="grid gap-3"
        >
          {options.map((o) => (
            <Label
              key={o.method}
              htmlFor={`dm-${o.method}`}
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:checked]:border-primary"
            >
              <NativeRadio
                name="shippingMethod"
                value={o.method}
                id={`dm-${o.method}`}
                checked={method === o.method}
                onChange={() => onChange(o.method as DomesticMethod)}
              />
              <span className="flex-1 space-y-1">
                <span className="flex flex-wrap items-center justify-between gap-2 font-medium">
                  <span className="flex items-center gap-2">
                    {o.method === "express" ? (
                      <Rocket className="size-4" aria-hidden />
                    ) : (
                      <Truck className="size-4" aria-hidden />
                    )}
                    {o.label}
                  </span>
                  <span>{o.fee === 0 ? "Free" : formatRupees(o.fee)}</span>
                </span>
                <span className="block text-sm font-normal text-muted-foreground">
                  {o.courier
                    ? `Get it by ${formatDeliveryDay(o.to)}`
                    : `Estimated delivery: ${deliveryDatesText(o)} (${businessDaysText(o.daysMin, o.daysMax)})`}
                </span>
              </span>
            </Label>
          ))}
        </div>
        {freeDeliveryHint ? <p className="text-sm text-muted-foreground">{freeDeliveryHint}</p> : null}
        {options[0]?.method === "international" ? (
          <p className="text-sm text-muted-foreground">{DUTIES_NOTE}</p>
        ) : express ? null : (
          <p className="text-sm text-muted-foreground">
            {pincodeComplete
              ? "Express delivery is not available for this PIN code."
              : "Enter your PIN code to see whether express delivery reaches you."}
          </p>
        )}
        {notServiceable ? (
          <p role="alert" className="text-sm font-medium text-red-400">
            {NOT_SERVICEABLE_MESSAGE}
          </p>
        ) : null}
        {error ? (
          <p id="delivery-method-error" role="alert" className="text-sm font-medium text-red-400">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
