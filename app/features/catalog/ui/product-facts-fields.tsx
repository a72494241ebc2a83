import { ChoiceSelect } from "~/features/admin-shell/ui/native-select";
import {
  DEFAULT_FACTS,
  FACT_TEXT_FIELDS,
  formatSizeCm,
  MAX_MADE_TO_ORDER_DAYS,
  PLACEMENTS,
  WHEN_SOLD_OUT,
  type ProductFacts,
} from "~/features/catalog/product-facts";
import { PRODUCT_SIZES } from "~/features/sign-options/product-options";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";

const SOLD_OUT_LABELS = { "sold-out": "Show it as sold out", "made-to-order": "Make it to order" } as const;
const PLACEMENT_LABELS = {
  "": `Shop default (${PLACEMENTS.find((p) => p.id === DEFAULT_FACTS.placement)!.label})`,
  ...Object.fromEntries(PLACEMENTS.map((p) => [p.id, p.label])),
} as Record<"" | (typeof PLACEMENTS)[number]["id"], string>;

type Props = {
  product: { whenSoldOut: string; madeToOrderDays: number; facts: ProductFacts } | null;
  errors: Record<string, string | undefined>;
};

/** The product form's "when sold out" choice (issue 27, item 5). */
export function SoldOutFields({ product, errors }: Props) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field
        id="product-whenSoldOut"
        name="whenSoldOut"
        label="When stock runs out"
        error={errors.whenSoldOut}
        description="Made to order: shoppers can still order it, with the later delivery date shown."
      >
        {(control) => (
          <ChoiceSelect
            {...control}
            choices={WHEN_SOLD_OUT}
            labels={SOLD_OUT_LABELS}
            defaultValue={product?.whenSoldOut ?? "sold-out"}
          />
        )}
      </Field>
      <Field
        id="product-madeToOrderDays"
        name="madeToOrderDays"
        label="Extra business days to make"
        error={errors.madeToOrderDays}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            min={1}
            max={MAX_MADE_TO_ORDER_DAYS}
            step={1}
            defaultValue={String(product?.madeToOrderDays ?? 5)}
          />
        )}
      </Field>
    </div>
  );
}

/**
 * The product's facts on its page (issues 27 and 32): each empty field takes the shop's default, shown as
 * the placeholder, so the owner types only what differs for this sign.
 */
export function ProductFactsFields({ product, errors }: Props) {
  const facts = product?.facts ?? {};
  return (
    <details className="rounded-md border p-3" open={Object.keys(facts).length > 0}>
      <summary className="cursor-pointer text-sm font-medium">
        Product facts and declarations (empty: the shop&apos;s defaults)
      </summary>
      <div className="mt-3 flex flex-col gap-4">
        <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <legend className="mb-1 text-sm font-medium">Real size per size (width x height, cm)</legend>
          {PRODUCT_SIZES.map((s) => {
            const own = facts.sizesCm?.[s.id];
            return (
              <Field
                key={s.id}
                id={`product-sizeCm_${s.id}`}
                name={`sizeCm_${s.id}`}
                label={s.label}
                error={errors[`sizeCm_${s.id}`]}
                className="gap-1.5"
                labelClassName="text-xs"
              >
                {(control) => (
                  <Input
                    {...control}
                    maxLength={20}
                    placeholder={formatSizeCm(DEFAULT_FACTS.sizesCm[s.id]).replace(" ×", " x")}
                    defaultValue={own ? `${own.w} x ${own.h}` : ""}
                  />
                )}
              </Field>
            );
          })}
        </fieldset>
        <Field
          id="product-fact_placement"
          name="fact_placement"
          label="Where it may hang"
          error={errors.fact_placement}
        >
          {(control) => (
            <ChoiceSelect
              {...control}
              choices={["", ...PLACEMENTS.map((p) => p.id)] as const}
              labels={PLACEMENT_LABELS}
              defaultValue={facts.placement ?? ""}
            />
          )}
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {FACT_TEXT_FIELDS.map((f) => (
            <Field
              key={f.name}
              id={`product-fact_${f.name}`}
              name={`fact_${f.name}`}
              label={f.label}
              error={errors[`fact_${f.name}`]}
            >
              {(control) =>
                f.max > 120 ? (
                  <Textarea
                    {...control}
                    rows={2}
                    maxLength={f.max}
                    placeholder={DEFAULT_FACTS[f.name]}
                    defaultValue={facts[f.name] ?? ""}
                  />
                ) : (
                  <Input
                    {...control}
                    maxLength={f.max}
                    placeholder={DEFAULT_FACTS[f.name]}
                    defaultValue={facts[f.name] ?? ""}
                  />
                )
              }
            </Field>
          ))}
        </div>
      </div>
    </details>
  );
}
