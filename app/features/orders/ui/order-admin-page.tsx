import { Eye } from "lucide-react";
import { useState } from "react";
import { Link, useRouteError } from "react-router";
import { CancelSelected } from "./cancel-selected";
import { isOpenOrder } from "~/features/orders/order-flood";
import { useCan } from "~/features/admin-shell/ui/use-can";
import { OrderDetailsDialog, OrderListError } from "./order-details-parts";
import { HiddenAttemptsNote, OrderFiltersForm, OrderPagination } from "./order-list-controls";
import { TodoFilterNote } from "./todo-filter-note";
import { PaymentBadge, StatusBadge } from "./order-status-badges";
import { useOrderListLinks } from "./use-order-list-links";
import { buttonVariants } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { formatRupees } from "~/shared/money";
import { formatIstDate } from "~/shared/ist-dates";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import { cn } from "~/ui/utils";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import type { OrderListRow } from "~/features/orders/admin-order-list.server";
import type { OrderPageView } from "./order-page-view";
import type { OrderListPageData } from "~/features/orders/routes/admin-order-pages.server";
import { formatPhone } from "~/shared/phone-numbers";

/**
 * The admin order pages, Purchase Details (regular orders) and Custom Neon Orders: one list with filters,
 * paging and CSV export, and the details dialog of the order in the URL. What differs by kind (texts, a few
 * columns, the dialog's body) is its OrderPageView (purchase-views.tsx, custom-order-views.tsx), which the
 * page's route module passes to orderPageRoute.
 */

type ListRow = Omit<OrderListRow, "subtotal">;

/** A phone grouped (+91 94120 55678) that a narrow column breaks only after its country code. */
function PhoneText({ phone }: { phone: string }) {
  const [code, ...rest] = formatPhone(phone).split(" ");
  if (rest.length === 0) return <>{code}</>;
  return (
    <>
      {code} <span className="whitespace-nowrap">{rest.join(" ")}</span>
    </>
  );
}

/** The Details column: pinned to the table's right edge, over the columns that scroll under it. */
const DETAILS_CELL = "sticky right-0 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.6)]";

/**
 * The browser side of an admin order page's route module, for one kind's view: the page's title, the page
 * (its `loaderData` is what loadOrderListPage answers), and its error state ('Admin login required' after
 * 401/403, else the kind's message). The admin layout gives the pages their headers.
 */
export function orderPageRoute<Row extends ListRow, Details>(view: OrderPageView<Row, Details>) {
  function Page({ loaderData }: { loaderData: OrderListPageData<Row, Details> }) {
    return <OrderListPage view={view} data={loaderData} />;
  }
  function ErrorBoundary() {
    return <OrderListError error={useRouteError()} {...view.error} />;
  }
  return { meta: () => adminMeta(view.title), Page, ErrorBoundary };
}

function OrderListPage<Row extends ListRow, Details>({
  view,
  data,
}: {
  view: OrderPageView<Row, Details>;
  data: OrderListPageData<Row, Details>;
}) {
  const { page, filters, errors, raw, orderParam, details, related } = data;
  useLiveRevalidate({ url: "/api/admin/events", tables: view.liveTables });

  const { detailsHref, closeDetails, exportHref } = useOrderListLinks(view.kind, filters, page.page);
  const filtered = Object.keys(raw).some((k) => k !== "page" && raw[k]);
  // "Cancel selected" (issue 41): open rows of this page can be ticked by members who may change orders.
  const canCancel = useCan("orders");
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const open = canCancel ? page.rows.filter(isOpenOrder).map((o) => o.id) : [];
  const ticked = open.filter((id) => selected.has(id));
  const tick = (ids: string[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">{view.title}</h1>
        <p className="text-muted-foreground">{view.description}</p>
      </div>
      <OrderFiltersForm
        key={JSON.stringify(raw)}
        filters={filters}
        errors={errors}
        raw={raw}
        exportHref={exportHref}
      />
      <TodoFilterNote filters={filters} total={page.total} />
      <Card>
        <CardHeader>
          <CardTitle>{view.listTitle}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 px-3 sm:px-6">
          {open.length > 0 ? (
            <CancelSelected
              selected={ticked}
              rowLabel={view.rowLabel}
              onClear={() => setSelected(new Set())}
            />
          ) : null}
          {page.rows.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">
              {filtered ? "No orders match your search." : view.empty}
            </p>
          ) : (
            <Table className="[&_td]:px-1.5 [&_th]:px-1.5 md:[&_td]:px-2 md:[&_th]:px-2">
              <TableHeader>
                <TableRow>
                  {open.length > 0 ? (
                    <TableHead className="w-8">
                      <input
                        type="checkbox"
                        className="size-4 align-middle"
                        aria-label="Select all open orders on this page"
                        checked={ticked.length === open.length}
                        onChange={(e) => tick(open, e.target.checked)}
                      />
                    </TableHead>
                  ) : null}
                  <TableHead>Order ID / Status</TableHead>
                  <TableHead>Customer</TableHead>
                  {view.columns.map((c) => (
                    <TableHead
                      key={c.head}
                      className={cn("hidden md:table-cell", c.align === "right" && "text-right")}
                    >
                      {c.head}
                    </TableHead>
                  ))}
                  <TableHead className="text-right">Total</TableHead>
                  <TableHead className="hidden md:table-cell">Payment</TableHead>
                  <TableHead className="hidden md:table-cell">Date</TableHead>
                  {/* Details stays in view at every width, however wide the columns make the table (issue 42). */}
                  <TableHead className={DETAILS_CELL}>
                    <span className="sr-only">Details</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {page.rows.map((o) => (
                  <TableRow key={o.id}>
                    {open.length > 0 ? (
                      <TableCell className="w-8">
                        {isOpenOrder(o) ? (
                          <input
                            type="checkbox"
                            className="size-4 align-middle"
                            aria-label={`Select ${view.rowLabel} ${o.displayId}`}
                            checked={selected.has(o.id)}
                            onChange={(e) => tick([o.id], e.target.checked)}
                          />
                        ) : null}
                      </TableCell>
                    ) : null}
                    <TableCell>
                      <div className="font-mono text-xs font-medium sm:text-sm">{o.displayId}</div>
                      <StatusBadge status={o.status} />
                    </TableCell>
                    <TableCell>
                      <div className="min-w-[5rem] break-words md:min-w-[7rem]">{o.customerName}</div>
                      <div className="text-[11px] text-muted-foreground sm:text-xs">
                        <PhoneText phone={o.customerPhone} />
                      </div>
                      {view.customerNote?.(o)}
                    </TableCell>
                    {view.columns.map((c) => (
                      <TableCell
                        key={c.head}
                        className={cn(
                          "hidden md:table-cell",
                          c.truncate ? "max-w-[9rem] truncate 2xl:max-w-[12rem]" : "whitespace-nowrap",
                          c.align === "right" && "text-right",
                        )}
                        title={c.title?.(o)}
                      >
                        {c.cell(o)}
                      </TableCell>
                    ))}
                    <TableCell className="whitespace-nowrap text-right font-medium">
                      {formatRupees(o.totalAmount)}
                      {view.totalNote?.(o)}
                    </TableCell>
                    <TableCell className="hidden md:table-cell">
                      <div>{o.paymentLabel}</div>
                      <PaymentBadge status={o.paymentStatus} order={o} />
                      {o.channelNote !== "Website" ? (
                        <div className="mt-1 text-xs">{o.channelNote}</div>
                      ) : null}
                    </TableCell>
                    <TableCell className="hidden md:table-cell whitespace-nowrap">
                      {formatIstDate(o.createdAt)}
                    </TableCell>
                    <TableCell className={DETAILS_CELL}>
                      <Link
                        to={detailsHref(o.id)}
                        preventScrollReset
                        className={buttonVariants({ variant: "outline", size: "sm" })}
                        aria-label={`View details of ${view.rowLabel} ${o.displayId}`}
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
        {details ? <view.Details o={details} related={related} /> : null}
      </OrderDetailsDialog>
    </div>
  );
}
