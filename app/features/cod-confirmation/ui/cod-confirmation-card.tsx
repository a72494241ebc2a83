import { CheckCircle2, XCircle } from "lucide-react";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { formatIstDayLongMonthTime } from "~/shared/ist-dates";
import { useFetcherForm } from "~/ui/use-form";
import { answerLabel } from "~/features/cod-confirmation/cod-confirmation";
import type { CodConfirmationView } from "~/features/cod-confirmation/cod-confirmation.server";

/**
 * The order page's COD confirmation (issue 30): while it waits, Confirm and Cancel (each a plain form post, so
 * it works before JavaScript loads); once answered, what was decided and when.
 */
export function CodConfirmation(
  c: Pick<CodConfirmationView, "state" | "answeredVia" | "answeredAt" | "cancelAt" | "prepaidAt">,
) {
  const form = useFetcherForm();
  const { fetcher } = form;
  if (c.state !== "awaiting") {
    const ok = c.state === "confirmed";
    const Icon = ok ? CheckCircle2 : XCircle;
    return (
      <p id="cod-confirmation" className="flex items-center gap-2 text-sm">
        <Icon aria-hidden className={ok ? "size-5 text-green-500" : "size-5 text-red-400"} />
        <span>
          {c.prepaidAt ? (
            <span className="font-medium">Paid online instead of cash on delivery</span>
          ) : (
            <>
              Cash on delivery: <span className="font-medium">{answerLabel(c.state, c.answeredVia)}</span>
            </>
          )}
          {c.answeredAt ? (
            <span className="text-muted-foreground"> · {formatIstDayLongMonthTime(c.answeredAt)}</span>
          ) : null}
        </span>
      </p>
    );
  }
  return (
    <Card id="cod-confirmation" className="scroll-mt-24 border-primary">
      <CardHeader>
        <h2 className="text-lg font-semibold">Please confirm your cash on delivery order</h2>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">
          We start making it once you confirm. Not confirmed by {formatIstDayLongMonthTime(c.cancelAt)} (IST),
          it is cancelled.
        </p>
        <div className="flex flex-wrap items-start gap-3">
          <fetcher.Form method="post" onSubmit={form.onSubmit}>
            <Button type="submit" name="intent" value="cod-confirm" disabled={form.pending}>
              Confirm order
            </Button>
          </fetcher.Form>
          {/* Cancelling asks first (issue 42); a disclosure, so it works before JavaScript loads too. */}
          <details className="group">
            <summary className="inline-flex h-9 cursor-pointer list-none items-center rounded-md border px-4 text-sm font-medium hover:bg-accent [&::-webkit-details-marker]:hidden">
              Cancel this order
            </summary>
            <fetcher.Form
              method="post"
              onSubmit={form.onSubmit}
              className="mt-3 space-y-2 rounded-md border p-3 text-sm"
              aria-label="Cancel this order?"
            >
              <p className="font-medium">Cancel this order?</p>
              <p className="text-muted-foreground">It cannot be undone: you would need to order again.</p>
              <Button
                type="submit"
                name="intent"
                value="cod-cancel"
                variant="destructive"
                disabled={form.pending}
              >
                Yes, cancel this order
              </Button>
            </fetcher.Form>
          </details>
        </div>
        {form.formError ? (
          <p role="alert" className="text-sm font-medium text-red-400">
            {form.formError}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
