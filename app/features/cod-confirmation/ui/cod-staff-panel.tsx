import { PhoneCall } from "lucide-react";
import { Button } from "~/ui/button";
import { formatIstDayMonthTime } from "~/shared/ist-dates";
import { useFetcherForm } from "~/ui/use-form";
import type { CodConfirmationView } from "~/features/cod-confirmation/cod-confirmation.server";

const VIA: Record<string, string> = {
  whatsapp: "by the shopper on WhatsApp",
  page: "by the shopper on the order page",
  staff: "by staff",
};

/** What staff read of a COD order's confirmation, and "Confirmed by phone" while it waits. */
export function CodStaffPanel({
  orderId,
  confirmation: c,
}: {
  orderId: string;
  confirmation: CodConfirmationView;
}) {
  const form = useFetcherForm({ toast: { ok: "Order confirmed", failed: "Could not confirm the order" } });
  if (c.state !== "awaiting") {
    const what = c.prepaidAt
      ? "Paid online instead of cash on delivery:"
      : c.state === "confirmed"
        ? "Confirmed"
        : c.state === "cancelled"
          ? "Cancelled"
          : "Cancelled automatically (not confirmed in time)";
    return (
      <p className="text-sm">
        <span className="font-medium">{what}</span>
        {c.state !== "expired" && c.answeredVia ? ` ${VIA[c.answeredVia]}` : ""}
        {c.answeredByEmail ? ` (${c.answeredByEmail})` : ""}
        {c.answeredAt ? (
          <span className="text-muted-foreground"> · {formatIstDayMonthTime(c.answeredAt)}</span>
        ) : null}
      </p>
    );
  }
  return (
    <div className="grid gap-2 text-sm">
      <p>
        <span className="font-medium">Waiting for the shopper.</span>{" "}
        {c.remindedAt ? "Reminded; " : "A reminder goes before it is "}
        {c.remindedAt ? "it is " : ""}cancelled on {formatIstDayMonthTime(c.cancelAt)} unless confirmed.
      </p>
      <form.fetcher.Form method="post" onSubmit={form.onSubmit}>
        <input type="hidden" name="intent" value="cod-confirm-phone" />
        <input type="hidden" name="id" value={orderId} />
        <Button type="submit" variant="outline" size="sm" disabled={form.pending}>
          <PhoneCall /> Confirmed by phone
        </Button>
      </form.fetcher.Form>
    </div>
  );
}
