import { Field } from "~/ui/field";
import { CartReminderConsent } from "~/features/checkout/ui/cart-reminder-consent";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Input } from "~/ui/input";
import type { CheckoutField } from "~/features/checkout/checkout";
import { INDIAN_STATES } from "~/features/checkout/checkout-fields";
import { ADDRESS_FORMATS, INTERNATIONAL_COUNTRIES, isInternationalCountry } from "~/shared/countries";
import { useContactPrefill } from "~/features/checkout/ui/contact-prefill";

type Props = {
  errors: Record<string, string>;
  minDate: string;
  country: string;
  /** False when the shop issues bills of supply (not registered for GST): no business buyer's GSTIN then. */
  taxInvoices: boolean;
};

function label(text: string, required: boolean) {
  return (
    <>
      {text}
      {required ? <span aria-hidden> *</span> : null}
    </>
  );
}

function CardTitle({ children }: { children: React.ReactNode }) {
  return (
    <CardHeader>
      <h2 className="text-lg font-semibold leading-none tracking-tight">{children}</h2>
    </CardHeader>
  );
}

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
      label={label(text, required)}
      error={errors[name]}
      className="gap-1.5"
    >
      {(control) => <Input {...control} aria-required={required || undefined} {...props} />}
    </Field>
  );
  return (
    <>
      <Card>
        <CardTitle>Customer Information</CardTitle>
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
        <CardTitle>Delivery Address</CardTitle>
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

      {abroad || !taxInvoices ? null : <BusinessCard errors={errors} />}
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

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** India, or one of the six countries the Shipping policy names (online payment only there). */
function CountrySelect({ error }: { error?: string | undefined }) {
  return (
    <Field
      id="co-country"
      name="country"
      label={label("Country", true)}
      error={error}
      className="gap-1.5 sm:col-span-2"
    >
      {(control) => (
        <select {...control} defaultValue="IN" autoComplete="country" className={selectClass}>
          <option value="IN">India</option>
          {INTERNATIONAL_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function StateSelect({ error }: { error?: string | undefined }) {
  return (
    <Field id="co-state" name="state" label={label("State", true)} error={error} className="gap-1.5">
      {(control) => (
        <select
          {...control}
          defaultValue=""
          autoComplete="address-level1"
          aria-required
          className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm"
        >
          <option value="" disabled>
            Select state
          </option>
          <optgroup label="States">
            {INDIAN_STATES.slice(0, 28).map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="Union Territories">
            {INDIAN_STATES.slice(28).map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </optgroup>
        </select>
      )}
    </Field>
  );
}

/** Optional: a registered business's GSTIN and name, for a B2B GST tax invoice. */
function BusinessCard({ errors }: { errors: Record<string, string> }) {
  return (
    <Card>
      <CardTitle>GST Invoice for a Business (optional)</CardTitle>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <p className="text-sm text-muted-foreground sm:col-span-2">
          Buying for a GST-registered business? Enter its GSTIN and name to get a B2B tax invoice. The GSTIN
          must be registered in the delivery state. Leave both empty otherwise.
        </p>
        <Field
          id="co-buyerGstin"
          name="buyerGstin"
          label="GSTIN"
          error={errors.buyerGstin}
          className="gap-1.5"
        >
          {(control) => (
            <Input
              {...control}
              maxLength={20}
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="15 characters"
            />
          )}
        </Field>
        <Field
          id="co-businessName"
          name="businessName"
          label="Business Name"
          error={errors.businessName}
          className="gap-1.5"
        >
          {(control) => <Input {...control} autoComplete="organization" maxLength={200} />}
        </Field>
      </CardContent>
    </Card>
  );
}
