import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Field } from "~/ui/field";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Input } from "~/ui/input";
import type { AdminActionData } from "~/shared/admin-forms";
import { APPLIES_TO, APPLIES_TO_LABELS } from "~/features/discount-codes/discounts";
import { offerFormSchema } from "~/features/offers/offer-form";
import { OFFER_KIND_LABELS, OFFER_KINDS, SIGN_SIZES, type OfferKind } from "~/features/offers/offers";
import { useActionResult } from "~/ui/use-action-result";
import { useFormErrors } from "~/ui/use-form-errors";

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** A new automatic offer: what it gives, on which signs and sizes, from when to when. */
export function OfferForm() {
  const fetcher = useFetcher<AdminActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, setErrors, validate, onChange, onBlur } = useFormErrors(offerFormSchema);
  const [kind, setKind] = useState<OfferKind>("free-dimmer");
  const [sizes, setSizes] = useState<string[]>(["XL"]);
  const busy = fetcher.state !== "idle";
  useActionResult(fetcher.data, (result) => {
    if (result.ok) {
      formRef.current?.reset();
      setKind("free-dimmer");
      setSizes(["XL"]);
      setErrors({});
    } else setErrors(result.fieldErrors ?? {});
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (Object.keys(validate(event.currentTarget)).length > 0) return;
    void fetcher.submit(new FormData(event.currentTarget), { method: "post" });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add Offer</CardTitle>
        <CardDescription>
          Offers need no code: checkout applies every running offer by itself, before any discount code.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          ref={formRef}
          method="post"
          onSubmit={onSubmit}
          onChange={onChange}
          onBlur={onBlur}
          noValidate
          className="grid gap-4 md:grid-cols-2"
        >
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="sizes" value={sizes.join(",")} />
          <Field id="offer-name" name="name" label="Offer Name" error={errors.name}>
            {(c) => <Input {...c} maxLength={80} placeholder="e.g. Free Dimmer on XL Signs" />}
          </Field>
          <Field id="offer-kind" name="kind" label="Gives" error={errors.kind}>
            {(c) => (
              <select
                {...c}
                value={kind}
                onChange={(e) => setKind(e.currentTarget.value as OfferKind)}
                className={selectClass}
              >
                {OFFER_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {OFFER_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {kind === "percent-off" ? (
            <Field id="offer-value" name="value" label="Percent Off" error={errors.value}>
              {(c) => <Input {...c} inputMode="numeric" placeholder="e.g. 10" />}
            </Field>
          ) : null}
          <Field id="offer-applies" name="appliesTo" label="Applies To" error={errors.appliesTo}>
            {(c) => (
              <select {...c} defaultValue="all" className={selectClass}>
                {APPLIES_TO.map((a) => (
                  <option key={a} value={a}>
                    {APPLIES_TO_LABELS[a]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Sizes (none ticked: every size)</legend>
            <div className="flex gap-4">
              {SIGN_SIZES.map((s) => (
                <label key={s} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={sizes.includes(s)}
                    onChange={(e) =>
                      setSizes((cur) => (e.currentTarget.checked ? [...cur, s] : cur.filter((x) => x !== s)))
                    }
                    className="size-4 accent-primary"
                  />
                  {s}
                </label>
              ))}
            </div>
            {errors.sizes ? <p className="text-sm font-medium text-red-400">{errors.sizes}</p> : null}
          </fieldset>
          <Field id="offer-starts" name="startsOn" label="First Day (optional)" error={errors.startsOn}>
            {(c) => <Input {...c} type="date" />}
          </Field>
          <Field id="offer-ends" name="endsOn" label="Last Day (optional)" error={errors.endsOn}>
            {(c) => <Input {...c} type="date" />}
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="isActive" defaultChecked className="size-4 accent-primary" />
            Active
          </label>
          <div className="md:col-span-2">
            <Button type="submit" disabled={busy}>
              <Plus /> {busy ? "Saving..." : "Create Offer"}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
