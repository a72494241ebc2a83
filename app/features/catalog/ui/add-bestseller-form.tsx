import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Input } from "~/ui/input";
import { Field } from "~/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/ui/select";
import { bestsellerFormSchema, DEFAULT_BADGE_TEXT } from "~/features/catalog/admin-catalog";
import type { AdminActionData } from "~/shared/admin-forms";
import { formatRupees } from "~/shared/money";
import { useActionResult } from "~/ui/use-action-result";
import { useFormErrors } from "~/ui/use-form-errors";
import type { listBestsellerCandidates } from "~/features/catalog/admin-bestsellers.server";

type Candidate = Awaited<ReturnType<typeof listBestsellerCandidates>>[number];

/** The Bestselling Products page's add form: a product not on the list yet, with its badge text. */
export function AddBestsellerForm({ candidates }: { candidates: Candidate[] }) {
  const fetcher = useFetcher<AdminActionData>();
  const { errors, setErrors, validate, onChange, onBlur } = useFormErrors(bestsellerFormSchema);
  const [productId, setProductId] = useState("");
  const badge = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";
  useActionResult(fetcher.data, (result) => {
    if (result.ok) {
      setProductId("");
      if (badge.current) badge.current.value = DEFAULT_BADGE_TEXT;
      setErrors({});
    } else setErrors(result.fieldErrors ?? {});
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (Object.keys(validate(event.currentTarget)).length > 0) return;
    const form = new FormData(event.currentTarget);
    form.set("productId", productId);
    void fetcher.submit(form, { method: "post" });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add Bestselling Product</CardTitle>
        <CardDescription>Only active products that are not on the list yet can be added.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          method="post"
          onSubmit={onSubmit}
          onChange={onChange}
          onBlur={onBlur}
          noValidate
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
          <Button type="submit" disabled={busy} className="md:mt-6">
            <Plus /> {busy ? "Adding..." : "Add to Bestselling"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
