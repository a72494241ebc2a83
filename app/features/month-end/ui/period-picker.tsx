import { Form } from "react-router";
import { buttonVariants } from "~/ui/button";

/** The month-end pages' period choice (a GET form: the period is in the address, ?period=2026-04). */
export function PeriodPicker({ value, periods }: { value: string; periods: readonly string[] }) {
  return (
    <Form method="get" className="flex items-end gap-2">
      <label className="flex flex-col gap-1 text-sm">
        Period
        <select name="period" defaultValue={value} className="rounded-md border px-2 py-1">
          {(periods.includes(value) ? periods : [value, ...periods]).map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonVariants({ variant: "outline" })}>
        Show
      </button>
    </Form>
  );
}
