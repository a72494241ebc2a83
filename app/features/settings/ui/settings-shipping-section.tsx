import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { INTERNATIONAL_COUNTRIES } from "~/shared/countries";
import { days, type Errors, idOf, money, Section, TextField, type Values } from "./settings-fields";

/** Delivery fees and windows: standard, cash on delivery, express by PIN prefix, and each country abroad. */
export function ShippingSection(p: { values: Values; errors: Errors }) {
  return (
    <Section
      title="Shipping"
      description="Priced by the server at checkout. Every delivery promise (home, product pages, customiser, cart, checkout, e-mails, policies) is counted from these: the days to dispatch or make the sign, then the days in transit, in business days (Monday to Saturday, national holidays skipped)."
    >
      <TextField {...p} {...money} name="shipping.standardFee" label="Standard Delivery Fee (₹)" />
      <TextField
        {...p}
        {...money}
        name="shipping.freeFrom"
        label="Free Delivery From (₹)"
        description="Standard delivery is free when the subtotal (after discounts) reaches this. Empty: never free."
      />
      <TextField {...p} {...days} name="shipping.standardDaysMin" label="Standard: Earliest Day in Transit" />
      <TextField {...p} {...days} name="shipping.standardDaysMax" label="Standard: Latest Day in Transit" />
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
      <TextField {...p} {...days} name="shipping.expressDaysMin" label="Express: Earliest Day in Transit" />
      <TextField {...p} {...days} name="shipping.expressDaysMax" label="Express: Latest Day in Transit" />
      <TextField
        {...p}
        {...days}
        name="shipping.readyDispatchDays"
        label="Ready-made: Days to Dispatch"
        description="Business days from the order to the courier for ready-made signs (0: the same day)."
      />
      <TextField
        {...p}
        {...days}
        name="shipping.customMakingDays"
        label="Custom: Days to Make"
        description="Business days to proof and make a custom sign before it ships (instead of the days to dispatch)."
      />
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
