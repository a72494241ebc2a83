import { OrderAfterSale } from "~/features/after-sale/ui/order-after-sale";
import { Eye, ZoomIn } from "lucide-react";
import { Link, useRouteError } from "react-router";
import {
  OrderDetailsDialog,
  OrderListError,
  CustomerInfo,
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
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { PLACEHOLDER_IMAGE } from "~/shared/images";
import { formatRupees } from "~/shared/money";
import { chargeLines } from "~/features/checkout/order-charges";
import { cn } from "~/ui/utils";
import { formatIstDate } from "~/shared/ist-dates";
import { adminHeaders, adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import { useOrderListLinks } from "~/features/orders/ui/use-order-list-links";
import { getOrderDetails, type OrderDetails } from "~/features/orders/admin-order-details.server";
import { listOrders } from "~/features/orders/admin-order-list.server";
import { handleOrderAction, loadOrderListPage } from "~/features/orders/admin-order-pages.server";
import { OrderInvoicesPanel } from "~/features/invoices/ui/order-invoices-panel";
import { RelatedOrdersControl } from "~/features/orders/ui/related-orders-control";
import type { RelatedOpenOrders } from "~/features/orders/order-flood";
import type { Route } from "./+types/admin-purchases";

export const meta: Route.MetaFunction = () => adminMeta("Purchase Details");
export const headers: Route.HeadersFunction = () => adminHeaders();

const LIVE_TABLES = ["orders", "order_items", "order_status_history"] as const;

export function loader({ request }: Route.LoaderArgs) {
  return loadOrderListPage(request, "order", listOrders, getOrderDetails);
}

export function action({ request }: Route.ActionArgs) {
  return handleOrderAction(request, "order");
}

export default function AdminPurchases({ loaderData }: Route.ComponentProps) {
  const { page, filters, errors, raw, orderParam, details, related } = loaderData;
  useLiveRevalidate({ url: "/api/admin/events", tables: LIVE_TABLES });

  const { detailsHref, closeDetails, exportHref } = useOrderListLinks("order", filters, page.page);
  const filtered = Object.keys(raw).some((k) => k !== "page" && raw[k]);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">Purchase Details</h1>
        <p className="text-muted-foreground">All orders placed in the shop.</p>
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
          <CardTitle>All Orders</CardTitle>
        </CardHeader>
        <CardContent className="px-3 sm:px-6">
          {page.rows.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">
              {filtered ? "No orders match your search." : "No orders found yet."}
            </p>
          ) : (
            <Table className="[&_td]:px-1.5 [&_th]:px-1.5 md:[&_td]:px-2 md:[&_th]:px-2">
              <TableHeader>
                <TableRow>
                  <TableHead>Order ID / Status</TableHead>
                  <TableHead>Customer</TableHead>
                  <TableHead className="hidden md:table-cell">Email</TableHead>
                  <TableHead className="hidden md:table-cell text-right">Subtotal</TableHead>
                  <TableHead className="hidden md:table-cell text-right">Delivery</TableHead>
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
                    </TableCell>
                    <TableCell
                      className="hidden md:table-cell max-w-[12rem] truncate"
                      title={o.customerEmail}
                    >
                      {o.customerEmail}
                    </TableCell>
                    <TableCell className="hidden md:table-cell whitespace-nowrap text-right">
                      {formatRupees(o.subtotal)}
                    </TableCell>
                    <TableCell className="hidden md:table-cell whitespace-nowrap text-right">
                      {formatRupees(o.deliveryFee)}
                      {o.codFee > 0 ? (
                        <div className="text-xs text-muted-foreground">+ {formatRupees(o.codFee)} COD</div>
                      ) : null}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-right font-medium">
                      {formatRupees(o.totalAmount)}
                      {o.discount > 0 ? (
                        <div className="text-xs font-normal text-muted-foreground">
                          after −{formatRupees(o.discount)}
                        </div>
                      ) : null}
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
                        aria-label={`View details of order ${o.displayId}`}
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
        {details ? <OrderDetailsView o={details} related={related} /> : null}
      </OrderDetailsDialog>
    </div>
  );
}

function OrderDetailsView({ o, related }: { o: OrderDetails; related: RelatedOpenOrders | null }) {
  const ref = {
    kind: "order" as const,
    id: o.id,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethod,
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>Order {o.displayId}</DialogTitle>
        <DialogDescription>
          {o.customerName} · {formatRupees(o.totalAmount)} · {o.paymentLabel}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 md:grid-cols-2">
        <CustomerInfo o={o} />
        <OrderInfo o={o} />
      </div>
      <DetailsSection title="Items">
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Product</TableHead>
                <TableHead>Image</TableHead>
                <TableHead>Configuration</TableHead>
                <TableHead className="text-right">Qty</TableHead>
                <TableHead className="text-right">Price</TableHead>
                <TableHead className="text-right">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {o.items.map((it) => (
                <TableRow key={it.id}>
                  <TableCell className="font-medium">{it.productName}</TableCell>
                  <TableCell>
                    <ItemImage src={it.productImage} name={it.productName} />
                  </TableCell>
                  <TableCell>
                    <ul className="text-xs">
                      {it.configuration.map((c) => (
                        <li key={c.label}>
                          <span className="text-muted-foreground">{c.label}:</span> {c.value}
                        </li>
                      ))}
                    </ul>
                  </TableCell>
                  <TableCell className="text-right">{it.quantity}</TableCell>
                  <TableCell className="text-right">{formatRupees(it.price)}</TableCell>
                  <TableCell className="text-right">{formatRupees(it.lineTotal)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <dl className="ml-auto grid w-full max-w-xs gap-1 text-sm">
          {chargeLines(o).map((c) => (
            <div key={c.label} className={cn("flex justify-between", c.kind === "total" && "font-semibold")}>
              <dt>{c.label}</dt>
              <dd>{c.value}</dd>
            </div>
          ))}
        </dl>
      </DetailsSection>
      {related ? <RelatedOrdersControl kind="order" id={o.id} related={related} /> : null}
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

/** The line's picture, with an enlarged view in its own dialog. */
function ItemImage({ src, name }: { src: string | null; name: string }) {
  const url = src ?? PLACEHOLDER_IMAGE;
  return (
    <Dialog>
      <DialogTriggerButton name={name} url={url} />
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{name}</DialogTitle>
          <DialogDescription>Product image</DialogDescription>
        </DialogHeader>
        <img src={url} alt={name} className="mx-auto max-h-[70vh] w-auto rounded-md object-contain" />
      </DialogContent>
    </Dialog>
  );
}

function DialogTriggerButton({ name, url }: { name: string; url: string }) {
  return (
    <DialogTrigger
      className="group relative block size-14 overflow-hidden rounded-md border"
      aria-label={`Enlarge image of ${name}`}
    >
      <img src={url} alt="" width={56} height={56} loading="lazy" className="size-full object-cover" />
      <ZoomIn
        className="absolute inset-0 m-auto size-5 text-white opacity-0 drop-shadow group-hover:opacity-100 group-focus-visible:opacity-100"
        aria-hidden="true"
      />
    </DialogTrigger>
  );
}

export function ErrorBoundary() {
  return (
    <OrderListError
      error={useRouteError()}
      title="Failed to fetch data"
      text="The orders could not be loaded. Please try again."
      retryHref="/admin/purchases"
    />
  );
}
