import { RETENTION_FIELDS, TAX_RECORD_YEARS } from "~/features/settings/privacy-settings";
import { type Errors, Section, TextField, type Values, days } from "./settings-fields";

/** Data requests and retention (issue 32): the data contact and how long each kind of data is kept. */
export function PrivacySection({ values, errors }: { values: Values; errors: Errors }) {
  const p = { values, errors };
  return (
    <Section
      title="Privacy and retention"
      description={`The privacy notice lists these periods; a daily sweep deletes or anonymises what is older. Orders and invoices are kept ${TAX_RECORD_YEARS} years for tax records whatever is set here.`}
    >
      <TextField
        {...p}
        name="privacy.dataContactEmail"
        label="Data contact e-mail (optional)"
        type="email"
        maxLength={200}
        className="md:col-span-2"
        description="Named in the privacy notice for data questions; empty: the grievance officer's e-mail."
      />
      {RETENTION_FIELDS.map((f) => (
        <TextField key={f.key} {...p} {...days} name={`privacy.${f.key}`} label={f.label} maxLength={4} />
      ))}
    </Section>
  );
}
