import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { useFetcherForm } from "~/ui/use-form";
import { formatIstDateTime } from "~/shared/ist-dates";
import { MAX_QUOTE_PRICE, QUOTE_MESSAGE_MAX, QUOTE_STATE_LABELS } from "~/features/logo-quotes/logo-quotes";
import { formatRupees } from "~/shared/money";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { adminLogoQuotesAction, adminLogoQuotesLoader } from "./admin-logo-quotes.server";
import type { Route } from "./+types/admin-logo-quotes";
import { formatPhone } from "~/shared/phone-numbers";
import { AddQuoteForm } from "~/features/logo-quotes/ui/add-quote-form";

export const meta: Route.MetaFunction = () => adminMeta("Logo Quotes");

export function loader({ request }: Route.LoaderArgs) {
  return adminLogoQuotesLoader(request);
}

// The action itself (not a wrapper), so the role tests read its intents (admin-intent-roles.test.ts).
export const action = adminLogoQuotesAction;

/** Tables whose changes reload the page. */
const LIVE_TABLES = ["logo_quotes"] as const;

type Quote = Route.ComponentProps["loaderData"]["quotes"][number];

function PriceForm({ quote }: { quote: Quote }) {
  const { fetcher, errors, pending } = useFetcherForm({
    toast: { ok: "Quote priced", failed: "Failed to price the quote" },
  });
  const id = (k: string) => `${quote.id}-${k}`;
  return (
    <fetcher.Form method="post" className="grid gap-2" aria-label={`Price quote ${quote.ref}`}>
      <input type="hidden" name="intent" value="price" />
      <input type="hidden" name="id" value={quote.id} />
      <Field id={id("price")} name="price" label="Price (₹, the sign without delivery)" error={errors.price}>
        {(control) => <Input {...control} type="number" min={1} max={MAX_QUOTE_PRICE} step={1} required />}
      </Field>
      <Field
        id={id("message")}
        name="message"
        label="Message to the shopper (optional)"
        error={errors.message}
      >
        {(control) => <Textarea {...control} rows={2} maxLength={QUOTE_MESSAGE_MAX} />}
      </Field>
      <div>
        <Button type="submit" disabled={pending}>
          Send Price
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** Logo quotes: the shopper's logo, size and notes; staff set the price, which the shopper then orders. */
export default function AdminLogoQuotes({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Logo Quotes"
      description="Logos sent by shoppers for a price. A priced quote is ordered as a custom order, by the shopper from the quote's link or by you as a chat order."
      liveTables={LIVE_TABLES}
    >
      <AddQuoteForm />
      {loaderData.quotes.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">No logo quotes yet.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Logo quotes">
          {loaderData.quotes.map((q) => (
            <li key={q.id}>
              <Card>
                <CardContent className="grid gap-4 pt-6 md:grid-cols-[12rem_1fr_18rem]">
                  <a href={q.image.src} target="_blank" rel="noreferrer">
                    <img
                      src={q.image.src}
                      width={q.image.width}
                      height={q.image.height}
                      alt={`Logo of quote ${q.ref}`}
                      className="h-32 w-48 rounded border bg-black object-contain"
                    />
                  </a>
                  <div className="grid content-start gap-1 text-sm">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-mono font-medium">{q.ref}</span>
                      <Badge variant="outline">{QUOTE_STATE_LABELS[q.state]}</Badge>
                    </p>
                    <p>
                      {q.customerName} · {formatPhone(q.customerPhone)} · {q.customerEmail}
                    </p>
                    <p>Size: {q.size}</p>
                    {q.notes ? <p className="whitespace-pre-line">Notes: {q.notes}</p> : null}
                    <p className="text-muted-foreground">Asked {formatIstDateTime(q.createdAt)}</p>
                  </div>
                  {q.price === null ? (
                    <PriceForm quote={q} />
                  ) : (
                    <div className="grid content-start gap-1 text-sm">
                      <p className="text-lg font-semibold">{formatRupees(q.price)}</p>
                      <p className="text-muted-foreground">Priced by {q.pricedByEmail ?? "staff"}</p>
                      {q.staffMessage ? <p className="whitespace-pre-line">{q.staffMessage}</p> : null}
                      {q.customOrderId ? (
                        <a
                          className="text-primary underline"
                          href={`/admin/custom-neon?order=${q.customOrderId}`}
                        >
                          Open the custom order
                        </a>
                      ) : (
                        // Agreed in a chat: staff make the order and send its pay link (issue 46).
                        <a className="text-primary underline" href={`/admin/orders/new?quote=${q.id}`}>
                          Make a chat order
                        </a>
                      )}
                    </div>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
