import { Field } from "~/ui/field";
import { Card, CardContent } from "~/ui/card";
import { Input } from "~/ui/input";
import { CheckoutCardTitle } from "~/features/checkout/ui/checkout-card-parts";

/** Optional: a registered business's GSTIN and name, for a B2B GST tax invoice. */
export function BusinessBuyerCard({ errors }: { errors: Record<string, string> }) {
  return (
    <Card>
      <CheckoutCardTitle>GST Invoice for a Business (optional)</CheckoutCardTitle>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <p className="text-sm text-muted-foreground sm:col-span-2">
          Buying for a GST-registered business? Enter its GSTIN and name to get a B2B tax invoice. The GSTIN
          must be registered in the delivery state. Leave both empty otherwise.
        </p>
        <Field
          id="co-buyerGstin"
          name="buyerGstin"
          label="GSTIN"
          error={errors.buyerGstin}
          className="gap-1.5"
        >
          {(control) => (
            <Input
              {...control}
              maxLength={20}
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="15 characters"
            />
          )}
        </Field>
        <Field
          id="co-businessName"
          name="businessName"
          label="Business Name"
          error={errors.businessName}
          className="gap-1.5"
        >
          {(control) => <Input {...control} autoComplete="organization" maxLength={200} />}
        </Field>
      </CardContent>
    </Card>
  );
}
