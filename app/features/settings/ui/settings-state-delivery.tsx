import { GST_STATES } from "~/shared/gst-states";
import { NativeSelect } from "~/features/admin-shell/ui/native-select";
import { Input } from "~/ui/input";
import { fieldControlProps, FieldError } from "~/ui/field";
import { MAX_STATE_EXTRA_DAYS } from "~/features/settings/courier-settings";
import { type Errors, idOf, type Values } from "./settings-fields";

/**
 * "Delivery by state" (issue 42): for each state and union territory, the business days added to the
 * settings' delivery window and whether cash on delivery is offered there. The PIN code's state (India
 * Post's directory) picks the row; the courier's own dates, when its API answers, are not changed.
 */
export function StateDeliveryRows({ values, errors }: { values: Values; errors: Errors }) {
  const changed = GST_STATES.filter(
    (s) =>
      (values[`courier.byState.${s.slug}.extraDays`] ?? "0") !== "0" ||
      values[`courier.byState.${s.slug}.cod`] === "no",
  ).length;
  const open = GST_STATES.some((s) => errors[`courier.byState.${s.slug}.extraDays`]);
  return (
    <details className="rounded-md border p-3 md:col-span-2" open={open || undefined}>
      <summary className="cursor-pointer font-medium">
        Delivery by state{changed ? ` (${changed} changed)` : ""}
      </summary>
      <p className="mt-2 text-sm text-muted-foreground">
        Without a courier API, a PIN code&apos;s state adds these business days to the delivery dates shown to
        shoppers, and cash on delivery is offered only where it is on. A PIN code India Post does not list
        gets no date and no cash on delivery.
      </p>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-1 font-medium">
              State or union territory
            </th>
            <th scope="col" className="py-1 font-medium">
              Extra days
            </th>
            <th scope="col" className="py-1 font-medium">
              Cash on delivery
            </th>
          </tr>
        </thead>
        <tbody>
          {GST_STATES.map((s) => {
            const days = `courier.byState.${s.slug}.extraDays`;
            const cod = `courier.byState.${s.slug}.cod`;
            return (
              <tr key={s.slug} className="border-t align-top">
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  {s.name}
                </th>
                <td className="py-1 pr-2">
                  <Input
                    {...fieldControlProps(idOf(days), days, errors[days])}
                    aria-label={`${s.name}: extra days`}
                    defaultValue={values[days] ?? "0"}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={2}
                    className="w-20"
                    title={`0 to ${MAX_STATE_EXTRA_DAYS} business days`}
                  />
                  <FieldError id={`${idOf(days)}-error`} message={errors[days]} />
                </td>
                <td className="py-1">
                  <NativeSelect
                    {...fieldControlProps(idOf(cod), cod, errors[cod])}
                    aria-label={`${s.name}: cash on delivery`}
                    defaultValue={values[cod] || "yes"}
                    className="w-28"
                  >
                    <option value="yes">On</option>
                    <option value="no">Off</option>
                  </NativeSelect>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
