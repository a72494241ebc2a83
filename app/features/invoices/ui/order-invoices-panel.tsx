import { Download, FileText } from "lucide-react";
import { Button } from "~/ui/button";
import { useFetcherForm } from "~/ui/use-form";
import { formatPaise } from "~/features/invoices/gst-tax";
import { adminDocumentPath } from "~/features/invoices/invoice-links";
import type { orderInvoicesSection } from "~/features/invoices/invoice-requests.server";
import { formatIstDateTime } from "~/shared/ist-dates";

/** What the dialog says of an order without an invoice: never a promise the shop cannot keep (issue 27). */
const NO_INVOICE_WORDS: Record<Props["invoices"]["gst"], (canRequest: boolean) => string> = {
  registered: (canRequest) =>
    `No tax invoice yet: it is issued when the order is dispatched${canRequest ? ", or now with Issue invoice (the order is paid)." : "."}`,
  "not-registered": () =>
    "No tax invoice: the shop is not registered for GST (go-live checklist on the dashboard), so none is issued.",
  "no-gstin": () =>
    "No tax invoice: the shop has no GSTIN yet, so none is issued on dispatch. Add it in Settings, or say the shop is not registered on the dashboard's go-live checklist.",
};

type Props = {
  orderId: string;
  invoices: Awaited<ReturnType<typeof orderInvoicesSection>>;
};

/**
 * The details dialog's "Tax Invoices" section: every invoice and credit note of the order with its PDF,
 * and "Issue invoice" for a paid order that has none yet (dispatch issues it anyway).
 */
export function OrderInvoicesPanel({ orderId, invoices }: Props) {
  const { fetcher, pending: busy } = useFetcherForm({
    toast: { ok: "Tax invoice", failed: "No tax invoice" },
  });
  return (
    <div className="grid gap-3">
      {invoices.documents.length > 0 ? (
        <ul className="grid gap-2 text-sm">
          {invoices.documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex min-w-0 items-center gap-2">
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span>
                  <span className="font-medium">
                    {d.title} {d.number}
                  </span>
                  <span className="text-muted-foreground">
                    {" "}
                    · {formatIstDateTime(d.issuedAt)} IST · ₹{formatPaise(d.totalPaise)}
                    {d.reason ? ` · ${d.reason}` : ""}
                  </span>
                </span>
              </span>
              <a
                href={adminDocumentPath(d.id)}
                download
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                <Download className="size-4" aria-hidden /> Download {d.number}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{NO_INVOICE_WORDS[invoices.gst](invoices.canRequest)}</p>
      )}
      {invoices.canRequest ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="issue-invoice" />
          <input type="hidden" name="id" value={orderId} />
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            <FileText aria-hidden /> {busy ? "Issuing..." : "Issue invoice"}
          </Button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
