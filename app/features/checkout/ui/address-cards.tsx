import { Field } from "~/ui/field";
import { CartReminderConsent } from "~/features/checkout/ui/cart-reminder-consent";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";
import { Card, CardContent } from "~/ui/card";
import { Input } from "~/ui/input";
import type { CheckoutField } from "~/features/checkout/checkout";
import { ADDRESS_FORMATS, isInternationalCountry } from "~/shared/countries";
import { useContactPrefill } from "~/features/checkout/ui/contact-prefill";
import { CountrySelect, StateSelect } from "~/features/checkout/ui/address-selects";
import { BusinessBuyerCard } from "~/features/checkout/ui/business-buyer-card";
import { CheckoutCardTitle, fieldLabel } from "~/features/checkout/ui/checkout-card-parts";

type Props = {
  errors: Record<string, string>;
  minDate: string;
  country: string;
  /** False when the shop issues bills of supply (not registered for GST): no business buyer's GSTIN then. */
  taxInvoices: boolean;
};

/** The checkout's Customer Information and Delivery Address cards. */
export function AddressCards({ errors, minDate, country, taxInvoices }: Props) {
  // A restored cart's contact fills these fields once (cart reminders, issue 42).
  useContactPrefill();
  // "Remind me about this cart" (issue 30, app/features/checkout-recovery), when the owner turned reminders on.
  const reminders = useShopSettings()?.cartReminders === true;
  const abroad = isInternationalCountry(country) ? ADDRESS_FORMATS[country] : null;
  const f = (
    name: CheckoutField,
    text: string,
    props: Omit<React.ComponentProps<"input">, "name"> = {},
    required = true,
  ) => (
    <Field
      id={`co-${name}`}
      name={name}
      label={fieldLabel(text, required)}
      error={errors[name]}
      className="gap-1.5"
    >
      {(control) => <Input {...control} aria-required={required || undefined} {...props} />}
    </Field>
  );
  return (
    <>
      <Card>
        <CheckoutCardTitle>Customer Information</CheckoutCardTitle>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            {f("name", "Full Name", { autoComplete: "name", maxLength: 100 })}
          </div>
          {f("phone", "Phone Number", {
            type: "tel",
            autoComplete: "tel",
            inputMode: "tel",
            placeholder: abroad ? "With the area code" : "e.g. 98765 43210",
            maxLength: 20,
          })}
          {f("email", "Email Address", { type: "email", autoComplete: "email", maxLength: 200 })}
          <WhatsAppConsent />
          {reminders ? <CartReminderConsent /> : null}
        </CardContent>
      </Card>

      <Card>
        <CheckoutCardTitle>Delivery Address</CheckoutCardTitle>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <CountrySelect error={errors.country} />
          <div className="sm:col-span-2">
            {f("address1", "Address Line 1", { autoComplete: "address-line1", maxLength: 200 })}
          </div>
          <div className="sm:col-span-2">
            {f("address2", "Address Line 2", { autoComplete: "address-line2", maxLength: 200 }, false)}
          </div>
          {f("landmark", "Landmark", { maxLength: 200 }, false)}
          {f("city", "City", { autoComplete: "address-level2", maxLength: 100 })}
          {abroad ? (
            <>
              {abroad.region
                ? f(
                    "region",
                    abroad.region.label,
                    { autoComplete: "address-level1", maxLength: 100 },
                    abroad.region.required,
                  )
                : null}
              {f(
                "pincode",
                abroad.postal.label,
                { autoComplete: "postal-code", maxLength: 12 },
                abroad.postal.required,
              )}
            </>
          ) : (
            <>
              <StateSelect error={errors.state} />
              {f("pincode", "PIN Code", {
                inputMode: "numeric",
                autoComplete: "postal-code",
                maxLength: 6,
                pattern: "[1-9][0-9]{5}",
              })}
            </>
          )}
          {f("preferredDate", "Preferred Delivery Date", { type: "date", min: minDate }, false)}
        </CardContent>
      </Card>

      {abroad || !taxInvoices ? null : <BusinessBuyerCard errors={errors} />}
    </>
  );
}

/** Unticked by default: without it the shop never sends this shopper a WhatsApp message. */
function WhatsAppConsent() {
  return (
    <div className="flex items-start gap-2 sm:col-span-2">
      <input
        id="co-whatsappUpdates"
        type="checkbox"
        name="whatsappUpdates"
        value="on"
        aria-describedby="co-whatsappUpdates-help"
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <div className="grid gap-0.5">
        <label htmlFor="co-whatsappUpdates" className="text-sm font-medium leading-snug">
          Send me order updates on WhatsApp
        </label>
        <p id="co-whatsappUpdates-help" className="text-xs text-muted-foreground">
          Order placed, confirmed, dispatched with tracking, and delivered, to the phone number above. You can
          withdraw it any time on{" "}
          <a href="/my-data" className="underline underline-offset-2">
            My data
          </a>
          .
        </p>
      </div>
    </div>
  );
}
