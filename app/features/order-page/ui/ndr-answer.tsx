import { useState } from "react";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { formatIstDayLongMonthTime } from "~/shared/ist-dates";
import { useFetcherForm } from "~/ui/use-form";

const fieldClass = "w-full rounded-md border bg-background p-2 text-sm";

/** A failed delivery as the order page's loader gives it (the choices' labels come from the server). */
export type NdrView = {
  reason: string | null;
  raisedAt: string;
  answer: string | null;
  answeredAt: string | null;
  choices: { value: string; label: string }[];
  /** The city, state and PIN code a new address keeps. */
  area: string;
};

/**
 * "We could not deliver your order" (NDR, issue 28): the shopper tells the courier what to do, once:
 * try again, try again at a new address or phone, or send it back. After the answer, what they chose.
 */
export function NdrAnswer({ ndr }: { ndr: NdrView }) {
  const form = useFetcherForm({ toast: false });
  const { fetcher, errors } = form;
  const [choice, setChoice] = useState("");
  // After an answer the page reloads the order, which then carries it.
  const answered = ndr.answer;
  return (
    <div className="space-y-3 text-sm">
      <p>
        The courier could not deliver your parcel on {formatIstDayLongMonthTime(ndr.raisedAt)} (IST)
        {ndr.reason ? <>: &ldquo;{ndr.reason}&rdquo;</> : null}.
      </p>
      {answered ? (
        <p role="status" className="font-medium">
          Your answer: {answered}. We have passed it to the courier.
        </p>
      ) : (
        <fetcher.Form method="post" className="space-y-3" {...form.props}>
          <input type="hidden" name="intent" value="ndr-answer" />
          <fieldset className="space-y-2">
            <legend className="mb-1 font-medium">What should the courier do?</legend>
            {ndr.choices.map((c) => (
              <label key={c.value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="answer"
                  value={c.value}
                  required
                  checked={choice === c.value}
                  onChange={() => setChoice(c.value)}
                />
                {c.label}
              </label>
            ))}
            {errors.answer ? <p className="text-red-400">{errors.answer}</p> : null}
          </fieldset>
          {choice === "change" ? (
            <fieldset className="space-y-3">
              <legend className="mb-2 text-muted-foreground">
                The courier tries again in {ndr.area}. Give a new street address, a new mobile number, or
                both; your order will carry them. To send it to another city or PIN code, please contact us.
              </legend>
              <Field id="ndr-address1" name="address1" label="New address line 1" error={errors.address1}>
                {(control) => (
                  <input {...control} autoComplete="address-line1" maxLength={200} className={fieldClass} />
                )}
              </Field>
              <Field
                id="ndr-address2"
                name="address2"
                label="Address line 2 (optional)"
                error={errors.address2}
              >
                {(control) => (
                  <input {...control} autoComplete="address-line2" maxLength={200} className={fieldClass} />
                )}
              </Field>
              <Field id="ndr-landmark" name="landmark" label="Landmark (optional)" error={errors.landmark}>
                {(control) => <input {...control} maxLength={200} className={fieldClass} />}
              </Field>
              <Field id="ndr-phone" name="phone" label="New mobile number" error={errors.phone}>
                {(control) => (
                  <input
                    {...control}
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    maxLength={20}
                    className={fieldClass}
                  />
                )}
              </Field>
            </fieldset>
          ) : null}
          <Button type="submit" disabled={form.pending}>
            Send my answer
          </Button>
          {form.formError ? (
            <p role="alert" className="font-medium text-red-400">
              {form.formError}
            </p>
          ) : null}
        </fetcher.Form>
      )}
    </div>
  );
}
