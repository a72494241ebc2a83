import { Download, FileText } from "lucide-react";
import { Button } from "~/ui/button";
import { useFetcherForm } from "~/ui/use-form";
import { formatPaise } from "~/features/invoices/gst-tax";
import { adminDocumentPath } from "~/features/invoices/invoice-links";
import type { orderInvoicesSection } from "~/features/invoices/invoice-requests.server";
import { formatIstDateTime } from "~/shared/ist-dates";
import type { SalesDocument } from "~/features/settings/gst-registration";

/** What the dialog says of an order without an invoice: never a promise the shop cannot keep (issue 27). */
const NO_INVOICE_WORDS: Record<SalesDocument, (canRequest: boolean) => string> = {
  "tax-invoice": (canRequest) =>
    `No tax invoice yet: it is issued when the order is dispatched${canRequest ? ", or now with Issue invoice (the order is paid)." : "."}`,
  "bill-of-supply": (canRequest) =>
    `No bill of supply yet: the shop is not registered for GST (go-live checklist), so it issues a bill of supply, not a tax invoice, when the order is dispatched${canRequest ? ", or now with Issue bill of supply (the order is paid)." : "."}`,
  none: () =>
    "No tax invoice: the shop has no GSTIN yet, so none is issued on dispatch. Add it in Settings, or say the shop is not registered on the dashboard's go-live checklist (orders then get a bill of supply).",
};

/** The dialog's heading for the section: what the shop issues. */
export function invoicesSectionTitle(doc: SalesDocument): string {
  return doc === "bill-of-supply" ? "Bill of Supply" : "Tax Invoices";
}

type Props = {
  orderId: string;
  invoices: Awaited<ReturnType<typeof orderInvoicesSection>>;
};

/**
 * The details dialog's "Tax Invoices" (or "Bill of Supply") section: every document of the order with its
 * PDF, and "Issue invoice" for a paid order that has none yet (dispatch issues it anyway).
 */
export function OrderInvoicesPanel({ orderId, invoices }: Props) {
  const bill = invoices.doc === "bill-of-supply";
  const { fetcher, pending: busy } = useFetcherForm({
    toast: bill
      ? { ok: "Bill of supply", failed: "No bill of supply" }
      : { ok: "Tax invoice", failed: "No tax invoice" },
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
        <p className="text-sm text-muted-foreground">{NO_INVOICE_WORDS[invoices.doc](invoices.canRequest)}</p>
      )}
      {invoices.canRequest ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="issue-invoice" />
          <input type="hidden" name="id" value={orderId} />
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            <FileText aria-hidden /> {busy ? "Issuing..." : bill ? "Issue bill of supply" : "Issue invoice"}
          </Button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
