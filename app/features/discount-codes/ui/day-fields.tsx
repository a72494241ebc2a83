import type { FieldErrors } from "~/shared/form-errors";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";

/** The first and last day a code or an offer runs: optional dates (checked by optionalDay and checkDays). */
export function DayFields({
  idPrefix,
  errors,
  startsOn,
  endsOn,
}: {
  idPrefix: string;
  errors: FieldErrors;
  startsOn?: string | null;
  endsOn?: string | null;
}) {
  const days = [
    { id: `${idPrefix}-starts`, name: "startsOn", label: "First Day (optional)", value: startsOn },
    { id: `${idPrefix}-ends`, name: "endsOn", label: "Last Day (optional)", value: endsOn },
  ];
  return days.map(({ id, name, label, value }) => (
    <Field key={name} id={id} name={name} label={label} error={errors[name]}>
      {(control) => <Input {...control} type="date" defaultValue={value ?? ""} />}
    </Field>
  ));
}
