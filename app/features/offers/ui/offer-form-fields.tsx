import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { SectionCard } from "~/features/admin-shell/ui/admin-list";
import { ChoiceSelect } from "~/features/admin-shell/ui/native-select";
import { DayFields } from "~/features/discount-codes/ui/day-fields";
import { Field } from "~/ui/field";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { APPLIES_TO, APPLIES_TO_LABELS } from "~/features/discount-codes/discounts";
import { offerFormSchema } from "~/features/offers/offer-form";
import { OFFER_KIND_LABELS, OFFER_KINDS, SIGN_SIZES, type OfferKind } from "~/features/offers/offers";
import { useFetcherForm } from "~/ui/use-form";

/** A new automatic offer: what it gives, on which signs and sizes, from when to when. */
export function OfferForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [kind, setKind] = useState<OfferKind>("free-dimmer");
  const [sizes, setSizes] = useState<string[]>(["XL"]);
  const form = useFetcherForm({
    schema: offerFormSchema,
    onAnswer: (answer) => {
      if (!answer.ok) return;
      formRef.current?.reset();
      setKind("free-dimmer");
      setSizes(["XL"]);
    },
  });
  const { errors, pending } = form;

  return (
    <SectionCard
      title="Add Offer"
      description="Offers need no code: checkout applies every running offer by itself, before any discount code."
    >
      <form.fetcher.Form ref={formRef} method="post" {...form.props} className="grid gap-4 md:grid-cols-2">
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="sizes" value={sizes.join(",")} />
        <Field id="offer-name" name="name" label="Offer Name" error={errors.name}>
          {(c) => <Input {...c} maxLength={80} placeholder="e.g. Free Dimmer on XL Signs" />}
        </Field>
        <Field id="offer-kind" name="kind" label="Gives" error={errors.kind}>
          {(c) => (
            <ChoiceSelect
              {...c}
              choices={OFFER_KINDS}
              labels={OFFER_KIND_LABELS}
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value as OfferKind)}
            />
          )}
        </Field>
        {kind === "percent-off" ? (
          <Field id="offer-value" name="value" label="Percent Off" error={errors.value}>
            {(c) => <Input {...c} inputMode="numeric" placeholder="e.g. 10" />}
          </Field>
        ) : null}
        <Field id="offer-applies" name="appliesTo" label="Applies To" error={errors.appliesTo}>
          {(c) => <ChoiceSelect {...c} choices={APPLIES_TO} labels={APPLIES_TO_LABELS} defaultValue="all" />}
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
        <DayFields idPrefix="offer" errors={errors} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isActive" defaultChecked className="size-4 accent-primary" />
          Active
        </label>
        <div className="md:col-span-2">
          <Button type="submit" disabled={pending}>
            <Plus /> {pending ? "Saving..." : "Create Offer"}
          </Button>
        </div>
      </form.fetcher.Form>
    </SectionCard>
  );
}
