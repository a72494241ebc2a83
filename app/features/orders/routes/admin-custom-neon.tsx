import { OrderAfterSale } from "~/features/after-sale/ui/order-after-sale";
import { Eye } from "lucide-react";
import { Link, useRouteError } from "react-router";
import { CustomDesignPreview } from "~/features/orders/ui/custom-design-preview";
import { DesignProofsPanel } from "~/features/design-proofs/ui/design-proofs-panel";
import { MakeWarnings } from "~/features/orders/ui/make-warnings";
import {
  OrderDetailsDialog,
  OrderListError,
  CustomerInfo,
  Detail,
  DetailsSection,
  OrderInfo,
} from "~/features/orders/ui/order-details-parts";
import {
  HiddenAttemptsNote,
  OrderFiltersForm,
  OrderPagination,
} from "~/features/orders/ui/order-list-controls";
import { PaymentControl } from "~/features/orders/ui/order-payment-control";
import { PaymentBadge, StatusBadge } from "~/features/orders/ui/order-status-badges";
import { StatusControl } from "~/features/orders/ui/order-status-control";
import { OrderTimeline } from "~/features/orders/ui/order-timeline";
import { buttonVariants } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { formatRupees } from "~/shared/money";
import { chargeLines } from "~/features/checkout/order-charges";
import { cn } from "~/ui/utils";
import { formatIstDate } from "~/shared/ist-dates";
import {
  backingShapeName,
  customColorName,
  customFontName,
  customSizeLabel,
} from "~/features/order-lifecycle/line-description";
import { adminHeaders, adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import { useOrderListLinks } from "~/features/orders/ui/use-order-list-links";
import { getCustomOrderDetails, type CustomOrderDetails } from "~/features/orders/admin-order-details.server";
import { listCustomOrders } from "~/features/orders/admin-order-list.server";
import { handleOrderAction, loadOrderListPage } from "~/features/orders/admin-order-pages.server";
import { OrderInvoicesPanel } from "~/features/invoices/ui/order-invoices-panel";
import { RelatedOrdersControl } from "~/features/orders/ui/related-orders-control";
import type { RelatedOpenOrders } from "~/features/orders/order-flood";
import type { Route } from "./+types/admin-custom-neon";

export const meta: Route.MetaFunction = () => adminMeta("Custom Neon Orders");
export const headers: Route.HeadersFunction = () => adminHeaders();

const LIVE_TABLES = ["custom_neon_orders", "order_status_history", "design_proofs"] as const;

export function loader({ request }: Route.LoaderArgs) {
  return loadOrderListPage(request, "custom", listCustomOrders, getCustomOrderDetails);
}

export function action({ request }: Route.ActionArgs) {
  return handleOrderAction(request, "custom");
}

export default function AdminCustomNeon({ loaderData }: Route.ComponentProps) {
  const { page, filters, errors, raw, orderParam, details, related } = loaderData;
  useLiveRevalidate({ url: "/api/admin/events", tables: LIVE_TABLES });

  const { detailsHref, closeDetails, exportHref } = useOrderListLinks("custom", filters, page.page);
  const filtered = Object.keys(raw).some((k) => k !== "page" && raw[k]);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">Custom Neon Orders</h1>
        <p className="text-muted-foreground">Signs designed by shoppers in the customiser.</p>
      </div>
      <OrderFiltersForm
        key={JSON.stringify(raw)}
        filters={filters}
        errors={errors}
        raw={raw}
        exportHref={exportHref}
      />
      <Card>
        <CardHeader>
          <CardTitle>All Custom Orders</CardTitle>
        </CardHeader>
        <CardContent className="px-3 sm:px-6">
          {page.rows.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">
              {filtered ? "No orders match your search." : "No custom neon orders yet."}
            </p>
          ) : (
            <Table className="[&_td]:px-1.5 [&_th]:px-1.5 md:[&_td]:px-2 md:[&_th]:px-2">
              <TableHeader>
                <TableRow>
                  <TableHead>Order ID / Status</TableHead>
                  <TableHead>Customer</TableHead>
                  <TableHead className="hidden md:table-cell">Text</TableHead>
                  <TableHead className="hidden md:table-cell">Size</TableHead>
                  <TableHead className="hidden md:table-cell">Colour</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                  <TableHead className="hidden md:table-cell">Payment</TableHead>
                  <TableHead className="hidden md:table-cell">Date</TableHead>
                  <TableHead className="sticky right-0 bg-card md:static">
                    <span className="sr-only">Details</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {page.rows.map((o) => (
                  <TableRow key={o.id}>
                    <TableCell>
                      <div className="font-mono text-xs font-medium sm:text-sm">{o.displayId}</div>
                      <StatusBadge status={o.status} />
                    </TableCell>
                    <TableCell>
                      <div className="min-w-[5rem] break-words md:min-w-[7rem]">{o.customerName}</div>
                      <div className="text-[11px] text-muted-foreground sm:text-xs">{o.customerPhone}</div>
                      <div className="hidden max-w-[14rem] truncate text-xs text-muted-foreground md:block">
                        {o.customerEmail}
                      </div>
                    </TableCell>
                    <TableCell className="hidden md:table-cell max-w-[12rem] truncate">
                      &ldquo;{o.customText || "YOUR TEXT"}&rdquo;
                    </TableCell>
                    <TableCell className="hidden md:table-cell whitespace-nowrap">
                      {customSizeLabel(o.size)}
                    </TableCell>
                    <TableCell className="hidden md:table-cell whitespace-nowrap">
                      {customColorName(o.neonColor)}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-right font-medium">
                      {formatRupees(o.totalAmount)}
                    </TableCell>
                    <TableCell className="hidden md:table-cell">
                      <div>{o.paymentLabel}</div>
                      <PaymentBadge status={o.paymentStatus} />
                    </TableCell>
                    <TableCell className="hidden md:table-cell whitespace-nowrap">
                      {formatIstDate(o.createdAt)}
                    </TableCell>
                    <TableCell className="sticky right-0 bg-card md:static">
                      <Link
                        to={detailsHref(o.id)}
                        preventScrollReset
                        className={buttonVariants({ variant: "outline", size: "sm" })}
                        aria-label={`View details of custom order ${o.displayId}`}
                      >
                        <Eye aria-hidden="true" />
                        <span className="hidden 2xl:inline">Details</span>
                      </Link>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <OrderPagination filters={filters} page={page.page} pageCount={page.pageCount} total={page.total} />
          <HiddenAttemptsNote filters={filters} hidden={page.hiddenAttempts} />
        </CardContent>
      </Card>
      <OrderDetailsDialog open={Boolean(orderParam)} onClose={closeDetails}>
        {details ? <CustomOrderDetailsView o={details} related={related} /> : null}
      </OrderDetailsDialog>
    </div>
  );
}

function CustomOrderDetailsView({
  o,
  related,
}: {
  o: CustomOrderDetails;
  related: RelatedOpenOrders | null;
}) {
  const ref = {
    kind: "custom" as const,
    id: o.id,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethod,
  };
  const unit = o.basePrice + o.characterPrice + o.dimmerPrice + o.backingPrice;
  const rows: [string, number][] = [
    [`Base price (${customSizeLabel(o.size)})`, o.basePrice],
    ["Extra characters", o.characterPrice],
    ["Dimmer", o.dimmerPrice],
    [`Backing (${backingShapeName(o.backingShape)})`, o.backingPrice],
  ];
  return (
    <>
      <DialogHeader>
        <DialogTitle>Custom Order {o.displayId}</DialogTitle>
        <DialogDescription>
          {o.customerName} · {formatRupees(o.totalAmount)} · {o.paymentLabel}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 md:grid-cols-2">
        <DetailsSection title="Live Preview">
          <CustomDesignPreview
            design={{
              text: o.customText,
              font: o.fontStyle,
              color: o.neonColor,
              backingShape: o.backingShape,
            }}
            storedImageUrl={o.previewImageUrl}
          />
        </DetailsSection>
        <div className="grid gap-4">
          <DetailsSection title="Configuration Details">
            <dl className="grid gap-2">
              <Detail label="Text">&ldquo;{o.customText || "YOUR TEXT"}&rdquo;</Detail>
              <Detail label="Font">{customFontName(o.fontStyle)}</Detail>
              <Detail label="Colour">{customColorName(o.neonColor)}</Detail>
              <Detail label="Size">{customSizeLabel(o.size)}</Detail>
              <Detail label="Dimmer">{o.hasDimmer ? "Yes" : "No"}</Detail>
              <Detail label="Backing">{backingShapeName(o.backingShape)}</Detail>
              <Detail label="Quantity">{o.quantity}</Detail>
            </dl>
            <MakeWarnings warnings={o.makeWarnings} />
          </DetailsSection>
          <DetailsSection title="Price Breakdown">
            <dl className="grid gap-1 text-sm">
              {rows.map(([label, amount]) => (
                <div key={label} className="flex justify-between gap-4">
                  <dt>{label}</dt>
                  <dd>{formatRupees(amount)}</dd>
                </div>
              ))}
              {o.quantity > 1 ? (
                <div className="flex justify-between gap-4">
                  <dt>Price per sign × {o.quantity}</dt>
                  <dd>{formatRupees(unit * o.quantity)}</dd>
                </div>
              ) : null}
              {chargeLines({
                ...o,
                subtotal: o.totalAmount - o.deliveryFee - o.codFee + o.discount + o.offerDiscount,
              })
                .filter((c) => c.kind !== "subtotal")
                .map((c) => (
                  <div
                    key={c.label}
                    className={cn(
                      "flex justify-between gap-4",
                      c.kind === "total" && "border-t pt-1 font-semibold",
                    )}
                  >
                    <dt>{c.label}</dt>
                    <dd>{c.value}</dd>
                  </div>
                ))}
            </dl>
          </DetailsSection>
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <CustomerInfo o={o} />
        <OrderInfo o={o} />
      </div>
      {related ? <RelatedOrdersControl kind="custom" id={o.id} related={related} /> : null}
      {o.wallPhotoUrl ? (
        <DetailsSection title="Shopper's Wall Photo">
          <a href={o.wallPhotoUrl} target="_blank" rel="noreferrer">
            <img
              src={o.wallPhotoUrl}
              alt="The shopper's wall with the sign, as they placed it"
              className="max-h-80 w-auto rounded-md border"
            />
          </a>
        </DetailsSection>
      ) : null}
      <DetailsSection title="Design Proofs">
        <DesignProofsPanel
          orderId={o.id}
          proofs={o.proofs}
          canSend={o.status === "pending" || o.status === "confirmed" || o.status === "in_production"}
        />
      </DetailsSection>
      <div className="grid gap-4 md:grid-cols-2">
        <DetailsSection title="Order Status">
          <StatusControl order={ref} />
        </DetailsSection>
        <DetailsSection title="Payment Status">
          <PaymentControl order={ref} />
        </DetailsSection>
      </div>
      <DetailsSection title="Returns and Refunds">
        <OrderAfterSale order={{ ...ref, totalAmount: o.totalAmount }} afterSale={o.afterSale} />
      </DetailsSection>
      <DetailsSection title="Tax Invoices">
        <OrderInvoicesPanel orderId={o.id} invoices={o.invoices} />
      </DetailsSection>
      <DetailsSection title="Timeline">
        <OrderTimeline createdAt={o.createdAt} history={o.history} />
      </DetailsSection>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <OrderListError
      error={useRouteError()}
      title="Failed to fetch custom neon orders."
      text="Please try again."
      retryHref="/admin/custom-neon"
    />
  );
}
