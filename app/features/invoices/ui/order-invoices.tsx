import { Download, FileText } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { formatPaise } from "~/features/invoices/gst-tax";
import {
  orderDocumentPath,
  orderInvoiceRequestPath,
  type InvoiceDocumentSummary,
} from "~/features/invoices/invoice-links";
import { formatIstDate } from "~/shared/ist-dates";
import type { InvoiceRequestAnswer } from "~/features/invoices/routes/invoice-http.server";
import { SALES_DOCUMENT_NAMES, type SalesDocument } from "~/features/settings/gst-registration";

type Props = {
  accessToken: string;
  documents: InvoiceDocumentSummary[];
  /** Whether the order may get its invoice now (paid, no invoice yet): shows "Request tax invoice". */
  canRequest: boolean;
  /** The document the shop issues: a tax invoice, or a bill of supply when not registered for GST. */
  doc?: SalesDocument;
};

/**
 * The order page's tax invoices (or bill of supply): each issued document with its download link, and for a
 * paid order without one the "Request tax invoice" (or "Request bill of supply") button (it works without
 * JavaScript too).
 */
export function OrderInvoices({ accessToken, documents, canRequest, doc = "tax-invoice" }: Props) {
  const fetcher = useFetcher<InvoiceRequestAnswer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const bill = doc === "bill-of-supply";
  // The heading names what the order holds, else what the shop issues (the shop's mode, issue 27).
  const { name } = SALES_DOCUMENT_NAMES[bill ? "bill-of-supply" : "tax-invoice"];
  const holdsBill = documents.some((d) => d.kind === "bill_of_supply");
  const holdsInvoice = documents.some((d) => d.kind === "invoice");
  const shownHeading = holdsBill || (bill && !holdsInvoice) ? "Bill of supply" : "Tax invoices";
  return (
    <section aria-labelledby="order-invoices-heading" className="flex flex-col gap-3">
      <h2 id="order-invoices-heading" className="text-lg font-semibold">
        {shownHeading}
      </h2>
      {documents.length > 0 ? (
        <ul className="flex flex-col divide-y rounded-md border">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="flex min-w-0 items-start gap-2">
                <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <div className="min-w-0">
                  <p className="font-medium">
                    {d.title} {d.number}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {formatIstDate(d.issuedAt)} · ₹{formatPaise(d.totalPaise)}
                    {d.reason ? ` · ${d.reason}` : ""}
                  </p>
                </div>
              </div>
              <a
                href={orderDocumentPath(accessToken, d.id)}
                download
                className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                <Download className="size-4" aria-hidden /> Download {d.title} (PDF)
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          {canRequest
            ? `Your order is paid. You can get its ${bill ? "bill of supply" : "GST tax invoice"} now.`
            : `The ${bill ? "bill of supply" : "GST tax invoice"} is issued when your order is dispatched.`}
        </p>
      )}
      {canRequest && documents.every((d) => d.kind === "credit_note") ? (
        <fetcher.Form method="post" action={orderInvoiceRequestPath(accessToken)}>
          <Button type="submit" variant="outline" disabled={busy}>
            <FileText aria-hidden /> {busy ? "Requesting..." : `Request ${name}`}
          </Button>
        </fetcher.Form>
      ) : null}
      {answer ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={answer.ok ? "text-sm" : "text-sm text-destructive"}
        >
          {answer.message}
        </p>
      ) : null}
    </section>
  );
}
