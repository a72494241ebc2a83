import { Field } from "~/ui/field";
import { formatRupees } from "~/shared/money";
import type { OpenQuote } from "~/features/logo-quotes/logo-quotes.server";
import { NativeSelect } from "~/features/admin-shell/ui/native-select";

/** A logo quote line's words, in the lines list and the choice alike. */
export function quoteLineLabel(q: OpenQuote): string {
  return `Logo sign, ${q.size}: quote ${q.ref} for ${q.customerName}`;
}

/**
 * A priced logo quote as one line of the chat order (issue 46): the quotes that may be ordered now, the price
 * the quote's (the server reads it again). None waiting: where quotes are priced.
 */
export function StaffOrderQuote({
  quotes,
  value,
  onChange,
  error,
}: {
  quotes: OpenQuote[];
  value: string;
  onChange: (id: string) => void;
  error?: string | undefined;
}) {
  if (quotes.length === 0 && !error)
    return (
      <p className="text-sm text-muted-foreground">
        No priced logo quote is waiting to be ordered. A customer&apos;s logo is priced on{" "}
        <a className="underline" href="/admin/logo-quotes">
          Logo Quotes
        </a>
        .
      </p>
    );
  return (
    <Field
      id="staff-quoteId"
      name="quoteId"
      label="Logo quote"
      error={error}
      className="max-w-xl"
      description="A priced quote becomes a custom order at its price, the logo as its picture."
    >
      {(control) => (
        <NativeSelect {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">No logo quote</option>
          {quotes.map((q) => (
            <option key={q.id} value={q.id}>
              {q.ref} · {q.customerName} · {q.size} · {formatRupees(q.price)}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
