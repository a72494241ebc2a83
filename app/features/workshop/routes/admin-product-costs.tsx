import { Link } from "react-router";
import { AdminTable, EmptyNote } from "~/features/admin-shell/ui/admin-list";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { adminLoader } from "~/features/admin-shell/admin-route.server";
import { productCosts } from "~/features/workshop/product-costs.server";
import { MarginFigure } from "~/features/workshop/ui/cost-and-margin";
import { Card, CardContent } from "~/ui/card";
import { TableCell, TableRow } from "~/ui/table";
import { formatRupees } from "~/shared/money";
import type { Route } from "./+types/admin-product-costs";

export const meta: Route.MetaFunction = () => adminMeta("Product costs and margins");

export const loader = adminLoader(() => productCosts(), "catalogue");

/** /admin/products/costs: each ready-made product's cost of making and margin per size (issue 44). */
export default function AdminProductCosts({ loaderData }: Route.ComponentProps) {
  const { products, taxEstimated, gstRate } = loaderData;
  const rows = products.flatMap((p) => p.sizes.map((s) => ({ p, s })));
  return (
    <AdminPage
      title="Product Costs and Margins"
      description="What each ready-made product costs to make per size, and what its price leaves (estimated)."
      liveTables={["products", "shop_settings"]}
    >
      <p className="text-sm text-muted-foreground">
        Cost of making: LED flex for the size (the product&apos;s colour), acrylic by its width × height, the
        adaptor, labour and packing, at the prices in{" "}
        <Link className="underline" to="/admin/settings/workshop">
          Settings › Workshop
        </Link>
        ; the dimmer is an add-on and left out. Margin: the price{" "}
        {gstRate > 0 ? `without its ${gstRate}% GST` : "(no GST: bills of supply)"} less the cost
        {taxEstimated ? "; the GST is estimated until the shop's GSTIN is set" : ""}.
      </p>
      <Card>
        <CardContent className="p-0 sm:p-2">
          {rows.length === 0 ? (
            <EmptyNote className="p-8">No products yet.</EmptyNote>
          ) : (
            <AdminTable
              scrollLabel="Product costs"
              columns={[
                "Product",
                "Size",
                { label: "Price", className: "text-right" },
                { label: "Cost of making", className: "text-right" },
                { label: "Margin", className: "text-right" },
              ]}
            >
              {rows.map(({ p, s }) => (
                <TableRow key={`${p.id}-${s.size}`}>
                  <TableCell className="font-medium">
                    {p.name}
                    <span className="block text-xs font-normal text-muted-foreground">
                      {p.color}
                      {p.isActive ? "" : " · Inactive"}
                    </span>
                  </TableCell>
                  <TableCell>{s.label}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatRupees(s.price)}</TableCell>
                  <TableCell
                    className="text-right tabular-nums"
                    title={s.cost.items.map((i) => `${i.label}: ${formatRupees(i.rupees)}`).join("\n")}
                  >
                    {formatRupees(s.cost.total)}
                    <span className="block text-xs text-muted-foreground">
                      {s.cost.ledMetres.toFixed(1)} m flex, {s.cost.adaptorW} W adaptor
                    </span>
                  </TableCell>
                  <TableCell className="text-right">
                    <MarginFigure m={s.margin} />
                  </TableCell>
                </TableRow>
              ))}
            </AdminTable>
          )}
        </CardContent>
      </Card>
    </AdminPage>
  );
}
