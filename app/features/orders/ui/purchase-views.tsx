import { ZoomIn } from "lucide-react";
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
import { CustomerInfo, DetailsSection, OrderInfo } from "./order-details-parts";
import { OrderDialogHeader, OrderWorkflowSections } from "./order-dialog-sections";
import { RelatedOrdersControl } from "./related-orders-control";
import { CostAndMargin } from "~/features/workshop/ui/cost-and-margin";
import type { OrderPageView } from "./order-page-view";
import type { OrderDetails } from "~/features/orders/admin-order-details.server";
import type { OrderListRow } from "~/features/orders/admin-order-list.server";
import type { RelatedOpenOrders } from "~/features/orders/order-flood";

/** Purchase Details: the regular orders' list columns and details dialog. */
export const PURCHASES_VIEW: OrderPageView<OrderListRow, OrderDetails> = {
  kind: "order",
  title: "Purchase Details",
  description: "All orders placed in the shop.",
  listTitle: "All Orders",
  empty: "No orders found yet.",
  liveTables: ["orders", "order_items", "order_status_history"],
  rowLabel: "order",
  columns: [
    { head: "Email", cell: (o) => o.customerEmail, truncate: true, title: (o) => o.customerEmail },
    { head: "Subtotal", cell: (o) => formatRupees(o.subtotal), align: "right" },
    {
      head: "Delivery",
      align: "right",
      cell: (o) => (
        <>
          {formatRupees(o.deliveryFee)}
          {o.codFee > 0 ? (
            <div className="text-xs text-muted-foreground">+ {formatRupees(o.codFee)} COD</div>
          ) : null}
        </>
      ),
    },
  ],
  totalNote: (o) =>
    o.discount > 0 ? (
      <div className="text-xs font-normal text-muted-foreground">after −{formatRupees(o.discount)}</div>
    ) : null,
  Details: PurchaseDetailsView,
  error: {
    title: "Failed to fetch data",
    text: "The orders could not be loaded. Please try again.",
    retryHref: "/admin/purchases",
  },
};

function PurchaseDetailsView({ o, related }: { o: OrderDetails; related: RelatedOpenOrders | null }) {
  return (
    <>
      <OrderDialogHeader title={<>Order {o.displayId}</>} o={o} />
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
      {o.costs ? (
        <DetailsSection title="Cost and Margin">
          <CostAndMargin cost={o.costs} />
        </DetailsSection>
      ) : null}
      {related ? <RelatedOrdersControl kind="order" id={o.id} related={related} /> : null}
      <OrderWorkflowSections o={o} />
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
