import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { SectionCard } from "~/features/admin-shell/ui/admin-list";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Field } from "~/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/ui/select";
import { bestsellerFormSchema, DEFAULT_BADGE_TEXT } from "~/features/catalog/admin-catalog";
import { formatRupees } from "~/shared/money";
import { useFetcherForm } from "~/ui/use-form";
import type { listBestsellerCandidates } from "~/features/catalog/admin-bestsellers.server";

type Candidate = Awaited<ReturnType<typeof listBestsellerCandidates>>[number];

/** The Bestselling Products page's add form: a product not on the list yet, with its badge text. */
export function AddBestsellerForm({ candidates }: { candidates: Candidate[] }) {
  const [productId, setProductId] = useState("");
  const badge = useRef<HTMLInputElement>(null);
  const form = useFetcherForm({
    schema: bestsellerFormSchema,
    onAnswer: (answer) => {
      if (!answer.ok) return;
      setProductId("");
      if (badge.current) badge.current.value = DEFAULT_BADGE_TEXT;
    },
  });
  const { errors, pending } = form;

  return (
    <SectionCard
      title="Add Bestselling Product"
      description="Only active products that are not on the list yet can be added."
    >
      <form.fetcher.Form
        method="post"
        {...form.props}
        className="grid gap-4 md:grid-cols-[2fr_1fr_auto] md:items-start"
      >
        <input type="hidden" name="intent" value="add" />
        <Field id="bestseller-product" name="productId" label="Product" error={errors.productId}>
          {({ name, ...control }) => (
            <Select name={name} value={productId} onValueChange={setProductId}>
              <SelectTrigger {...control} aria-label="Product">
                <SelectValue
                  placeholder={candidates.length ? "Select a product" : "No products available to add"}
                />
              </SelectTrigger>
              <SelectContent>
                {candidates.map((c) => (
                  <SelectItem key={c.id} value={c.id}>
                    {c.name} ({formatRupees(c.mediumPrice)})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        <Field id="bestseller-badge" name="badgeText" label="Badge Text" error={errors.badgeText}>
          {(control) => <Input ref={badge} {...control} defaultValue={DEFAULT_BADGE_TEXT} maxLength={30} />}
        </Field>
        <Button type="submit" disabled={pending} className="md:mt-6">
          <Plus /> {pending ? "Adding..." : "Add to Bestselling"}
        </Button>
      </form.fetcher.Form>
    </SectionCard>
  );
}
