import { Save } from "lucide-react";
import type * as React from "react";
import { useFetcher } from "react-router";
import { Field } from "~/ui/field";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { Input, Textarea } from "~/ui/input";
import type { AdminActionData } from "~/shared/admin-forms";
import { INTERNATIONAL_COUNTRIES } from "~/shared/countries";
import { settingsFormErrors } from "~/features/settings/shop-settings";
import { TEMPLATE_PARAMETERS } from "~/features/settings/whatsapp-messages";
import { useActionResult } from "~/ui/use-action-result";
import { useFormErrors } from "~/ui/use-form-errors";

type Values = Record<string, string>;
type Errors = Record<string, string>;

const idOf = (name: string) => `settings-${name.replaceAll(".", "-")}`;

function TextField({
  name,
  label,
  values,
  errors,
  description,
  className,
  ...props
}: {
  name: string;
  label: string;
  values: Values;
  errors: Errors;
  description?: string;
  className?: string;
} & Omit<React.ComponentProps<"input">, "name" | "defaultValue">) {
  return (
    <Field
      id={idOf(name)}
      name={name}
      label={label}
      error={errors[name]}
      description={description}
      className={className}
    >
      {(control) => <Input {...control} defaultValue={values[name] ?? ""} {...props} />}
    </Field>
  );
}

const money = { inputMode: "numeric", autoComplete: "off" } as const;
const days = { inputMode: "numeric", autoComplete: "off", className: "sm:max-w-40" } as const;

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none tracking-tight">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

/** The whole settings form: every group of settings, one Save. Checked by the server's schema as you fix it. */
export function SettingsForm({
  values,
  version,
  whatsappConfigured,
}: {
  values: Values;
  version: string;
  whatsappConfigured: boolean;
}) {
  const fetcher = useFetcher<AdminActionData>();
  const { errors, setErrors, validate, onChange, onBlur } = useFormErrors(settingsFormErrors);
  const busy = fetcher.state !== "idle";
  useActionResult(fetcher.data, (result) => setErrors(result.ok ? {} : (result.fieldErrors ?? {})));
  const p = { values, errors };

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (Object.keys(validate(event.currentTarget)).length > 0) return;
    void fetcher.submit(event.currentTarget, { method: "post" });
  }

  return (
    <fetcher.Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      onBlur={onBlur}
      className="flex flex-col gap-6"
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={version} />
      <Section title="Store Details" description="Shown in the header, footer, contact page and e-mails.">
        <TextField {...p} name="store.name" label="Store Name" maxLength={80} />
        <TextField {...p} name="store.email" label="Store Email" type="email" maxLength={200} />
        <TextField {...p} name="store.phone" label="Store Phone" type="tel" maxLength={30} />
        <TextField
          {...p}
          name="store.whatsapp"
          label="WhatsApp Number"
          type="tel"
          maxLength={30}
          description="With the country code, e.g. 91 98765 43210."
        />
        <TextField
          {...p}
          name="store.address"
          label="Address"
          maxLength={200}
          className="md:col-span-2"
          description="Shown in the footer and on the contact page (Visit Us)."
        />
      </Section>
      <Section title="Business Hours" description="Shown on the contact page.">
        <TextField {...p} name="store.hoursWeekdays" label="Weekdays" maxLength={60} />
        <TextField {...p} name="store.hoursSaturday" label="Saturday" maxLength={60} />
        <TextField {...p} name="store.hoursSunday" label="Sunday" maxLength={60} />
      </Section>
      <Section title="Social Links" description="The footer's links to the shop's profiles.">
        <TextField {...p} name="social.instagramUrl" label="Instagram" type="url" maxLength={500} />
        <TextField {...p} name="social.youtubeUrl" label="YouTube" type="url" maxLength={500} />
        <TextField {...p} name="social.facebookUrl" label="Facebook (optional)" type="url" maxLength={500} />
      </Section>
      <Section
        title="Legal"
        description="The business behind the shop, shown in the footer, on the policies and on GST tax invoices (with the store address)."
      >
        <TextField {...p} name="legal.legalName" label="Legal Name" maxLength={200} />
        <TextField
          {...p}
          name="legal.gstin"
          label="GSTIN (optional)"
          maxLength={20}
          autoCapitalize="characters"
          description="15 characters; checked with its check character. Needed for tax invoices."
        />
        <TextField
          {...p}
          name="legal.hsnCode"
          label="HSN Code"
          maxLength={8}
          inputMode="numeric"
          description="Printed on each invoice line (9405: lamps and light fittings)."
        />
        <TextField
          {...p}
          name="legal.gstRate"
          label="GST Rate (%)"
          maxLength={2}
          inputMode="numeric"
          description="Prices include this tax; invoices show it as CGST + SGST or IGST."
        />
        <TextField
          {...p}
          name="legal.lutReference"
          label="LUT Reference (optional)"
          maxLength={40}
          className="md:col-span-2"
          description="For orders abroad: exports are invoiced without IGST under this Letter of Undertaking."
        />
      </Section>
      <Section
        title="Grievance Officer"
        description="Named on the contact page and in the Terms, as the Consumer Protection (E-Commerce) Rules, 2020 require."
      >
        <TextField {...p} name="grievance.name" label="Officer's Name" maxLength={100} />
        <TextField {...p} name="grievance.email" label="Officer's Email" type="email" maxLength={200} />
        <TextField {...p} name="grievance.phone" label="Officer's Phone" type="tel" maxLength={30} />
      </Section>
      <ShippingSection {...p} />
      <LimitsSection {...p} />
      <WhatsAppSection {...p} configured={whatsappConfigured} />
      <div className="sticky bottom-0 z-10 -mx-1 flex justify-end border-t bg-background/95 px-1 py-3 backdrop-blur">
        <Button type="submit" disabled={busy}>
          <Save /> {busy ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function ShippingSection(p: { values: Values; errors: Errors }) {
  return (
    <Section
      title="Shipping"
      description="Priced by the server at checkout and quoted on the Shipping Info page. Windows are in business days (Monday to Saturday) from the order."
    >
      <TextField {...p} {...money} name="shipping.standardFee" label="Standard Delivery Fee (₹)" />
      <TextField
        {...p}
        {...money}
        name="shipping.freeFrom"
        label="Free Delivery From (₹)"
        description="Standard delivery is free when the subtotal (after discounts) reaches this. Empty: never free."
      />
      <TextField {...p} {...days} name="shipping.standardDaysMin" label="Standard: Earliest Day" />
      <TextField {...p} {...days} name="shipping.standardDaysMax" label="Standard: Latest Day" />
      <TextField
        {...p}
        {...money}
        name="shipping.codFee"
        label="Cash on Delivery Charge (₹)"
        description="Added to orders paid on delivery."
      />
      <TextField {...p} {...money} name="shipping.expressFee" label="Express Delivery Fee (₹)" />
      <Field
        id={idOf("shipping.expressPinPrefixes")}
        name="shipping.expressPinPrefixes"
        label="Express PIN Prefixes"
        error={p.errors["shipping.expressPinPrefixes"]}
        description="Express delivery is offered where the PIN code starts with one of these (comma-separated). Empty: no express delivery."
        className="md:col-span-2"
      >
        {(control) => (
          <Textarea {...control} rows={2} defaultValue={p.values["shipping.expressPinPrefixes"] ?? ""} />
        )}
      </Field>
      <TextField {...p} {...days} name="shipping.expressDaysMin" label="Express: Earliest Day" />
      <TextField {...p} {...days} name="shipping.expressDaysMax" label="Express: Latest Day" />
      <div className="flex flex-col gap-3 md:col-span-2">
        <h3 className="font-medium">International (online payment only; duties paid by the customer)</h3>
        {INTERNATIONAL_COUNTRIES.map((c) => (
          <fieldset
            key={c.code}
            aria-label={c.name}
            className="grid grid-cols-3 gap-3 rounded-md border p-3 sm:grid-cols-4"
          >
            <legend className="sr-only">{c.name}</legend>
            <p aria-hidden="true" className="col-span-3 self-center font-medium sm:col-span-1 sm:pt-6">
              {c.name}
            </p>
            <TextField {...p} {...money} name={`shipping.international.${c.code}.fee`} label="Fee (₹)" />
            <TextField
              {...p}
              inputMode="numeric"
              name={`shipping.international.${c.code}.daysMin`}
              label="Earliest Day"
            />
            <TextField
              {...p}
              inputMode="numeric"
              name={`shipping.international.${c.code}.daysMax`}
              label="Latest Day"
            />
          </fieldset>
        ))}
      </div>
    </Section>
  );
}

const LIMITS: { name: string; label: string; description: string }[] = [
  { name: "maxQtyPerLine", label: "Units per Cart Line", description: "Most units of one cart line." },
  {
    name: "maxQtyPerProduct",
    label: "Units per Product",
    description: "Most units of one product in an order, all sizes together.",
  },
  {
    name: "maxCustomLines",
    label: "Custom Designs per Order",
    description: "Most custom signs in one order.",
  },
  {
    name: "maxOrderTotal",
    label: "Largest Order (₹)",
    description: "Above it the shopper is asked to contact the shop.",
  },
  {
    name: "maxOpenOrdersPerCustomer",
    label: "Waiting Orders per Customer",
    description: "Unpaid or unconfirmed orders one customer may have at once.",
  },
  {
    name: "maxHeldUnitsPerCustomer",
    label: "Units Held per Customer",
    description: "Stock those waiting orders may hold.",
  },
  {
    name: "checkoutRatePerHour",
    label: "Checkouts per Address per Hour",
    description: "Raise it when many shoppers share one network address.",
  },
  {
    name: "paymentHoldMinutes",
    label: "Payment Hold (minutes)",
    description: "How long an unpaid online order keeps its stock (5 to 120).",
  },
  {
    name: "lowStockThreshold",
    label: "Low Stock Threshold",
    description: "The dashboard lists products with this many units or fewer in stock.",
  },
];

function LimitsSection(p: { values: Values; errors: Errors }) {
  return (
    <Section
      title="Order Limits"
      description="Limits against stock hoarding and order floods (they apply to new checkouts at once)."
    >
      {LIMITS.map((l) => (
        <TextField
          key={l.name}
          {...p}
          inputMode="numeric"
          name={`limits.${l.name}`}
          label={l.label}
          description={l.description}
        />
      ))}
    </Section>
  );
}

const TEMPLATE_FIELDS = [
  { event: "placed", label: "Order Placed Template" },
  { event: "confirmed", label: "Order Confirmed Template" },
  { event: "dispatched", label: "Order Dispatched Template" },
  { event: "delivered", label: "Order Delivered Template" },
  { event: "proof", label: "Design Proof Template" },
] as const;

/** The template names of the shopper's WhatsApp updates (the access token is set on the server, never here). */
function WhatsAppSection(p: { values: Values; errors: Errors; configured: boolean }) {
  return (
    <Section
      title="WhatsApp Updates"
      description={
        p.configured
          ? "Sent through the WhatsApp Business Cloud API to shoppers who ticked the box at checkout. Each name must match an approved template in WhatsApp Manager."
          : "Not connected: messages for shoppers who ticked the box at checkout are written to the outbox folder. Set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID on the server to send them (README, WhatsApp updates)."
      }
    >
      {TEMPLATE_FIELDS.map((t) => (
        <TextField
          key={t.event}
          {...p}
          name={`whatsappUpdates.${t.event}`}
          label={t.label}
          maxLength={512}
          autoComplete="off"
          description={`Body: ${TEMPLATE_PARAMETERS[t.event].map((what, i) => `{{${i + 1}}} ${what}`).join(", ")}.`}
        />
      ))}
      <TextField
        {...p}
        name="whatsappUpdates.language"
        label="Template Language"
        maxLength={10}
        autoComplete="off"
        description="The templates' language code, e.g. en, en_US or hi."
      />
    </Section>
  );
}
