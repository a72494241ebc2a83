import { Field } from "~/ui/field";
import { INDIAN_STATES } from "~/features/checkout/checkout-fields";
import { INTERNATIONAL_COUNTRIES } from "~/shared/countries";
import { fieldLabel } from "~/features/checkout/ui/checkout-card-parts";

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** India, or one of the six countries the Shipping policy names (online payment only there). */
export function CountrySelect({ error }: { error?: string | undefined }) {
  return (
    <Field
      id="co-country"
      name="country"
      label={fieldLabel("Country", true)}
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

/** India's states, then its union territories. */
export function StateSelect({ error }: { error?: string | undefined }) {
  return (
    <Field id="co-state" name="state" label={fieldLabel("State", true)} error={error} className="gap-1.5">
      {(control) => (
        <select
          {...control}
          defaultValue=""
          autoComplete="address-level1"
          aria-required
          className={selectClass}
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
