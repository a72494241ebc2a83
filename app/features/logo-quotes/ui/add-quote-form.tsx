import { useEffect, useRef } from "react";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { useFetcherForm } from "~/ui/use-form";
import type { FormAnswer } from "~/shared/form-answer";
import { CUSTOM_SIZES } from "~/features/sign-options/custom-options";
import { NativeSelect } from "~/features/admin-shell/ui/native-select";
import { LOGO_NOTES_MAX, MAX_QUOTE_PRICE } from "~/features/logo-quotes/logo-quotes";
import { LogoFileField } from "./logo-file-field";

type Answer = FormAnswer & { added?: { id: string; ref: string; priced: boolean } };

/**
 * A quote for a logo a customer sent in a chat (issue 46): staff add the logo and the customer's contact, and
 * the price when they know it; a priced quote then becomes a chat order ("Make a chat order").
 */
export function AddQuoteForm() {
  const { fetcher, errors, pending } = useFetcherForm<Answer>({
    key: "add-logo-quote",
    toast: { ok: "Quote added", failed: "Quote not added" },
  });
  const formRef = useRef<HTMLFormElement>(null);
  const added = fetcher.data?.ok ? fetcher.data.added : undefined;
  useEffect(() => {
    if (added) formRef.current?.reset();
  }, [added]);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Add a logo a customer sent in a chat</h2>
        <p className="text-sm text-muted-foreground">
          Priced now, it can be made into a chat order at once; the customer also gets the quote by e-mail.
        </p>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          className="grid gap-4 md:grid-cols-2"
          aria-label="Add a logo quote"
        >
          <input type="hidden" name="intent" value="add" />
          <div className="md:col-span-2">
            {/* A new picker once a quote is added (the form is reset). */}
            <LogoFileField key={added?.id ?? "new"} error={errors.logo} choose="Choose the customer's logo" />
          </div>
          <Field id="aq-name" name="name" label="Customer's full name" error={errors.name}>
            {(control) => <Input {...control} maxLength={100} autoComplete="off" required />}
          </Field>
          <Field id="aq-phone" name="phone" label="Customer's mobile" error={errors.phone}>
            {(control) => <Input {...control} type="tel" maxLength={20} required />}
          </Field>
          <Field id="aq-email" name="email" label="Customer's e-mail" error={errors.email}>
            {(control) => <Input {...control} type="email" maxLength={200} required />}
          </Field>
          <Field id="aq-size" name="size" label="Size" error={errors.size}>
            {(control) => (
              <NativeSelect {...control} defaultValue="M">
                {CUSTOM_SIZES.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label} ({s.widthCm} cm wide)
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field id="aq-notes" name="notes" label="Notes for the workshop (optional)" error={errors.notes}>
            {(control) => <Textarea {...control} rows={2} maxLength={LOGO_NOTES_MAX} />}
          </Field>
          <Field
            id="aq-price"
            name="price"
            label="Price (₹, optional: the sign without delivery)"
            error={errors.price}
          >
            {(control) => <Input {...control} type="number" min={1} max={MAX_QUOTE_PRICE} step={1} />}
          </Field>
          <div className="flex flex-wrap items-center gap-3 md:col-span-2">
            <Button type="submit" disabled={pending}>
              Add quote
            </Button>
            {added?.priced ? (
              <a className="text-primary underline" href={`/admin/orders/new?quote=${added.id}`}>
                Make a chat order for {added.ref}
              </a>
            ) : null}
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
