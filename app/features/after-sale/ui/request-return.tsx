import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { useFetcherForm } from "~/ui/use-form";
import type { ReturnReason } from "~/features/after-sale/returns";

const fieldClass = "w-full rounded-md border bg-background p-2 text-sm";

/**
 * The return form of an order while it can be returned: its last day as the page says it ("5 March") and
 * the reasons the Return Policy allows for it, with their labels. The order page's loader gives these, so
 * the page loads no return rules (nor zod).
 */
type ReturnFormView = {
  lastDay: string;
  reasons: { value: ReturnReason; label: string }[];
};

/** "Return this order": the reasons the Return Policy allows for it, and what is wrong. */
export function RequestReturn({ lastDay, reasons }: ReturnFormView) {
  // The fields' messages show beside them, a refusal's sentence below the button (no toasts).
  const form = useFetcherForm({ toast: false });
  const { fetcher, errors } = form;
  return (
    <fetcher.Form method="post" className="space-y-3" {...form.props}>
      <input type="hidden" name="intent" value="return" />
      <p className="text-sm text-muted-foreground">
        You can ask for a return until {lastDay}. We reply within 24 hours and arrange the pickup.
      </p>
      <Field
        id="return-reason"
        name="reason"
        label="Why are you returning it?"
        error={errors.reason}
        className="gap-1"
      >
        {(control) => (
          <select {...control} defaultValue="" className={fieldClass}>
            <option value="" disabled>
              Choose a reason…
            </option>
            {reasons.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="return-details"
        name="details"
        label="What is wrong? (photos can be sent by e-mail or WhatsApp)"
        error={errors.details}
        className="gap-1"
      >
        {(control) => <textarea {...control} rows={3} maxLength={1000} className={fieldClass} />}
      </Field>
      <Button type="submit" variant="outline" disabled={form.pending}>
        Request a return
      </Button>
      {form.formError ? (
        <p role="alert" className="text-sm font-medium text-red-400">
          {form.formError}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
