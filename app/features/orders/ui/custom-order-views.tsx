import { CustomDesignPreview } from "./custom-design-preview";
import { DesignProofsPanel } from "~/features/design-proofs/ui/design-proofs-panel";
import { MakeWarnings } from "./make-warnings";
import { CostAndMargin } from "~/features/workshop/ui/cost-and-margin";
import { formatRupees } from "~/shared/money";
import { chargeLines } from "~/features/checkout/order-charges";
import { cn } from "~/ui/utils";
import {
  backingShapeName,
  customColorName,
  customFontName,
  customSizeLabel,
} from "~/features/sign-options/line-description";
import { CustomerInfo, Detail, DetailsSection, OrderInfo } from "./order-details-parts";
import { OrderDialogHeader, OrderWorkflowSections } from "./order-dialog-sections";
import { RelatedOrdersControl } from "./related-orders-control";
import { SignFigures } from "~/features/workshop/ui/sign-figures";
import { ProductionPackLinks } from "~/features/workshop/ui/production-pack-links";
import type { OrderPageView } from "./order-page-view";
import type { CustomOrderDetails } from "~/features/orders/admin-order-details.server";
import type { CustomOrderListRow } from "~/features/orders/admin-order-list.server";
import type { RelatedOpenOrders } from "~/features/orders/order-flood";

/** Custom Neon Orders: the custom signs' list columns and details dialog. */
export const CUSTOM_ORDERS_VIEW: OrderPageView<CustomOrderListRow, CustomOrderDetails> = {
  kind: "custom",
  title: "Custom Neon Orders",
  description: "Signs designed by shoppers in the customiser.",
  listTitle: "All Custom Orders",
  empty: "No custom neon orders yet.",
  liveTables: ["custom_neon_orders", "order_status_history", "design_proofs"],
  rowLabel: "custom order",
  customerNote: (o) => (
    <div className="hidden max-w-[14rem] truncate text-xs text-muted-foreground md:block">
      {o.customerEmail}
    </div>
  ),
  columns: [
    { head: "Text", cell: (o) => <>&ldquo;{o.customText || "YOUR TEXT"}&rdquo;</>, truncate: true },
    { head: "Size", cell: (o) => customSizeLabel(o.size) },
    { head: "Colour", cell: (o) => customColorName(o.neonColor) },
  ],
  Details: CustomOrderDetailsView,
  error: {
    title: "Failed to fetch custom neon orders.",
    text: "Please try again.",
    retryHref: "/admin/custom-neon",
  },
};

function CustomOrderDetailsView({
  o,
  related,
}: {
  o: CustomOrderDetails;
  related: RelatedOpenOrders | null;
}) {
  const unit = o.basePrice + o.characterPrice + o.dimmerPrice + o.backingPrice;
  const rows: [string, number][] = [
    [`Base price (${customSizeLabel(o.size)})`, o.basePrice],
    ["Extra characters", o.characterPrice],
    ["Dimmer", o.dimmerPrice],
    [`Backing (${backingShapeName(o.backingShape)})`, o.backingPrice],
  ];
  return (
    <>
      <OrderDialogHeader title={<>Custom Order {o.displayId}</>} o={o} />
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
      <SignFigures orderId={o.id} />
      <ProductionPackLinks o={o} />
      <div className="grid gap-4 md:grid-cols-2">
        <CustomerInfo o={o} />
        <OrderInfo o={o} />
      </div>
      {o.costs ? (
        <DetailsSection title="Cost and Margin">
          <CostAndMargin cost={o.costs} />
        </DetailsSection>
      ) : null}
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
      <OrderWorkflowSections o={o} />
    </>
  );
}
