import type { ReactNode } from "react";
import { OrderAfterSale } from "~/features/after-sale/ui/order-after-sale";
import { invoicesSectionTitle, OrderInvoicesPanel } from "~/features/invoices/ui/order-invoices-panel";
import { DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { formatRupees } from "~/shared/money";
import { DetailsSection } from "./order-details-parts";
import { PaymentControl } from "./order-payment-control";
import { StatusControl } from "./order-status-control";
import { OrderTimeline } from "./order-timeline";
import { OrderCourierPanel } from "~/features/shipments/ui/order-courier-panel";
import { CodStaffPanel } from "~/features/cod-confirmation/ui/cod-staff-panel";
import { RtoRiskPanel } from "~/features/cod-confirmation/ui/rto-risk-panel";
import type { CustomOrderDetails, OrderDetails } from "~/features/orders/admin-order-details.server";

/** The parts both order dialogs (regular and custom orders) show alike. */

type AnyDetails = OrderDetails | CustomOrderDetails;

/** The dialog's title (the order's number) and a one-line summary: customer, total, how it is paid. */
export function OrderDialogHeader({
  title,
  o,
}: {
  title: ReactNode;
  o: Pick<AnyDetails, "customerName" | "totalAmount" | "paymentLabel">;
}) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>
        {o.customerName} · {formatRupees(o.totalAmount)} · {o.paymentLabel}
      </DialogDescription>
    </DialogHeader>
  );
}

/** Where staff move the order on: status, payment, returns and refunds, tax invoices, and its timeline. */
export function OrderWorkflowSections({
  o,
}: {
  o: Pick<
    AnyDetails,
    | "kind"
    | "id"
    | "status"
    | "paymentStatus"
    | "paymentMethod"
    | "totalAmount"
    | "customerName"
    | "afterSale"
    | "invoices"
    | "createdAt"
    | "history"
    | "courierShipping"
    | "codConfirmation"
    | "rtoRisk"
  >;
}) {
  const ref = {
    kind: o.kind,
    id: o.id,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethod,
  };
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <DetailsSection title="Order Status">
          <StatusControl order={ref} />
        </DetailsSection>
        <DetailsSection title="Payment Status">
          <PaymentControl order={ref} />
        </DetailsSection>
      </div>
      {o.codConfirmation || o.rtoRisk ? (
        <DetailsSection title="COD Confirmation and RTO Risk">
          {o.codConfirmation ? <CodStaffPanel orderId={o.id} confirmation={o.codConfirmation} /> : null}
          {o.rtoRisk ? <RtoRiskPanel risk={o.rtoRisk} /> : null}
        </DetailsSection>
      ) : null}
      <DetailsSection title="Courier">
        <OrderCourierPanel
          kind={o.kind}
          orderId={o.id}
          status={o.status}
          courierShipping={o.courierShipping}
        />
      </DetailsSection>
      <DetailsSection title="Returns and Refunds">
        <OrderAfterSale
          order={{ ...ref, totalAmount: o.totalAmount, customerName: o.customerName }}
          afterSale={o.afterSale}
        />
      </DetailsSection>
      <DetailsSection title={invoicesSectionTitle(o.invoices.doc)}>
        <OrderInvoicesPanel orderId={o.id} invoices={o.invoices} />
      </DetailsSection>
      <DetailsSection title="Timeline">
        <OrderTimeline createdAt={o.createdAt} history={o.history} />
      </DetailsSection>
    </>
  );
}
