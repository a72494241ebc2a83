import { data, Link } from "react-router";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { AdminTable, EmptyNote } from "~/features/admin-shell/ui/admin-list";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { adminLoader } from "~/features/admin-shell/admin-route.server";
import { shipmentCounts, shipmentsIn } from "~/features/shipments/admin-shipments.server";
import { readyToShip, shipSeveral } from "~/features/shipments/courier-batch.server";
import { SHIP_BATCH_MAX, SHIPMENT_GROUPS, type ShipmentGroup } from "~/features/shipments/shipment-groups";
import { fulfilmentMode } from "~/features/couriers/couriers.server";
import { ShipSeveral } from "~/features/shipments/ui/ship-several";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import { formAction } from "~/platform/http/form-action.server";
import { isUuid } from "~/shared/uuid";
import { buttonVariants } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { TableCell, TableRow } from "~/ui/table";
import { formatIstDateTime } from "~/shared/ist-dates";
import { formatRupees } from "~/shared/money";
import { cn } from "~/ui/utils";
import type { Route } from "./+types/admin-shipments";

export const meta: Route.MetaFunction = () => adminMeta("Shipments");

const GROUP_LABELS: Record<ShipmentGroup | "ready", string> = {
  ready: "Ready to ship",
  pickup: "Awaiting pickup",
  transit: "In transit",
  ndr: "Delivery failed",
  rto: "Returning (RTO)",
};

const NDR_WORDS: Record<string, string> = {
  reattempt: "Try again",
  change: "New address or phone",
  cancel: "Cancel, send back",
};

const GROUPS = ["ready", ...SHIPMENT_GROUPS] as const;

export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const asked = new URL(request.url).searchParams.get("group") ?? "";
  const group = (GROUPS as readonly string[]).includes(asked) ? (asked as (typeof GROUPS)[number]) : "ready";
  const [rows, ready, counts] = await Promise.all([
    group === "ready" ? Promise.resolve([]) : shipmentsIn(group),
    readyToShip(),
    shipmentCounts(),
  ]);
  return {
    group,
    rows,
    ready,
    counts: { ...counts, ready: ready.length },
    booking: fulfilmentMode() === "shiprocket",
  };
}, "shipping");

/** "Ship selected": admins only, a small form (up to SHIP_BATCH_MAX "kind:id" values). */
export const action = formAction(
  {
    guard: "admin",
    permission: "shipping",
    intents: { "ship-several": { permission: "shipping" } },
    maxBytes: 8_192,
  },
  async (_fields, { form, admin }) => {
    const targets = form
      .getAll("order")
      .map(String)
      .map((v) => v.split(":"))
      .filter(([kind, id]) => (kind === "order" || kind === "custom") && isUuid(id ?? ""))
      .map(([kind, id]) => ({ kind: kind as "order" | "custom", id: id!.toLowerCase() }));
    if (targets.length === 0) return data(failedAnswer("Tick the orders to ship."), { status: 400 });
    if (targets.length > SHIP_BATCH_MAX)
      return data(failedAnswer(`Ship at most ${SHIP_BATCH_MAX} orders at once.`), { status: 400 });
    const batch = await shipSeveral(targets, admin.user);
    const said = `${batch.booked.length} booked${batch.failed.length ? `, ${batch.failed.length} not booked` : ""}.`;
    return batch.booked.length > 0
      ? data({ ...okAnswer(said), batch })
      : data({ ...failedAnswer(said), batch }, { status: 409 });
  },
);

/**
 * Shipments (issue 28): the parcels booked with the courier by where they are, with the courier's charge
 * beside the order's delivery fee; "Delivery failed" shows what the shopper answered.
 */
export default function AdminShipments({ loaderData }: Route.ComponentProps) {
  const { group, rows, counts, ready, booking } = loaderData;
  return (
    <AdminPage
      title="Shipments"
      description="Parcels booked with the courier: waiting for pickup, on the way, failed deliveries waiting for the shopper, and returns."
    >
      <nav aria-label="Shipment groups" className="flex flex-wrap gap-2">
        {GROUPS.map((g) => (
          <Link
            key={g}
            to={`?group=${g}`}
            aria-current={g === group ? "page" : undefined}
            className={cn(buttonVariants({ variant: g === group ? "default" : "outline", size: "sm" }))}
          >
            {GROUP_LABELS[g]} ({counts[g]})
          </Link>
        ))}
      </nav>
      {group === "ready" ? (
        <ShipSeveral rows={ready} max={SHIP_BATCH_MAX} booking={booking} />
      ) : (
        <Card>
          <CardContent className="p-0 sm:p-2">
            {rows.length === 0 ? (
              <EmptyNote className="p-8">No parcels here.</EmptyNote>
            ) : (
              <AdminTable
                scrollLabel="Shipments"
                columns={[
                  "Order",
                  { label: "Courier", className: "hidden md:table-cell" },
                  "Status",
                  { label: "Delivery fee / courier charge", className: "text-right" },
                  { label: "Updated", className: "hidden md:table-cell" },
                ]}
              >
                {rows.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>
                      <Link
                        to={`/admin/${r.orderKind === "order" ? "purchases" : "custom-neon"}?order=${r.orderId}`}
                        className="font-mono font-medium text-primary underline-offset-4 hover:underline"
                      >
                        #{r.displayId}
                      </Link>
                      <span className="block text-xs text-muted-foreground">
                        {r.customerName} · {r.cod ? "COD" : "Prepaid"}
                      </span>
                      <span className="block text-xs text-muted-foreground md:hidden">
                        {r.courierName} <span className="font-mono">{r.awb}</span>
                      </span>
                    </TableCell>
                    <TableCell className="hidden md:table-cell">
                      {r.courierName}
                      <span className="block font-mono text-xs text-muted-foreground">{r.awb}</span>
                      {r.labelUrl && group === "pickup" ? (
                        <a
                          href={r.labelUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-xs text-primary underline"
                        >
                          Label (PDF)
                        </a>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {r.stageLabel}
                      {group === "pickup" && r.pickupScheduledFor ? (
                        <span className="block text-xs text-muted-foreground">
                          Pickup: {r.pickupScheduledFor}
                        </span>
                      ) : null}
                      {r.stage === "ndr" ? (
                        <span className="block text-xs">
                          {r.ndrReason ? `${r.ndrReason}. ` : ""}
                          {r.ndrAnswer
                            ? `Shopper: ${NDR_WORDS[r.ndrAnswer] ?? r.ndrAnswer}${r.ndrSentAt ? " (sent)" : " (sending)"}`
                            : "Waiting for the shopper"}
                          {r.ndrLastError ? (
                            <span className="block text-red-400">Not sent: {r.ndrLastError}</span>
                          ) : null}
                        </span>
                      ) : null}
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      {formatRupees(r.deliveryFee + r.codFee)} /{" "}
                      {r.courierCharge === null ? "—" : formatRupees(r.courierCharge)}
                      {r.margin !== null ? (
                        <span
                          className={cn(
                            "block text-xs",
                            r.margin < 0 ? "text-red-400" : "text-muted-foreground",
                          )}
                        >
                          {r.margin < 0 ? "Loss" : "Margin"} {formatRupees(Math.abs(r.margin))}
                        </span>
                      ) : null}
                    </TableCell>
                    <TableCell className="hidden text-sm text-muted-foreground md:table-cell">
                      {formatIstDateTime(r.updatedAt)}
                    </TableCell>
                  </TableRow>
                ))}
              </AdminTable>
            )}
          </CardContent>
        </Card>
      )}
    </AdminPage>
  );
}
