import { AdminTable, SectionCard } from "~/features/admin-shell/ui/admin-list";
import { TableCell, TableRow } from "~/ui/table";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { formatIstDate } from "~/shared/ist-dates";
import { useFetcherForm } from "~/ui/use-form";
import { COD_REMITTANCE_DAYS } from "~/features/month-end/reconciliation";
import { More, Orders, rs, type MoneyPageData } from "./settlement-cards";

/* The money page's cash on delivery (issue 45): the couriers' remittance reports uploaded, and what they still hold. */

function UploadRemittances() {
  const { fetcher, pending } = useFetcherForm();
  return (
    <fetcher.Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="upload-cod" />
      <label className="flex flex-col gap-1 text-sm">
        Courier&apos;s COD remittance report (CSV)
        <input
          type="file"
          name="file"
          accept=".csv,text/csv"
          required
          className="text-sm file:mr-2 file:rounded-md file:border file:bg-background file:px-2 file:py-1"
        />
      </label>
      <Button type="submit" variant="outline" disabled={pending}>
        {pending ? "Reading…" : "Upload remittances"}
      </Button>
    </fetcher.Form>
  );
}

export function CodCard({ page }: { page: MoneyPageData }) {
  const { cod } = page;
  return (
    <SectionCard
      level={2}
      id="cod"
      title="Cash on delivery with couriers"
      description={`Delivered COD orders the couriers have not paid over yet, of every period, oldest first. Upload each remittance report (Shiprocket: COD > Remittance > Export) to mark its parcels paid; couriers usually pay within ${COD_REMITTANCE_DAYS} days.`}
    >
      <UploadRemittances />
      <p className="pt-3 text-sm" role="status" data-testid="cod-outstanding">
        {cod.outstanding.rows.length + cod.outstanding.more + cod.short.rows.length === 0
          ? `Nothing outstanding: every delivered COD order is paid over (${cod.remittedCount} in all).`
          : `${rs(cod.outstandingAmount)} still with couriers.`}
      </p>
      {cod.outstanding.rows.length ? (
        <AdminTable
          scrollLabel="COD still with couriers"
          columns={[
            { label: "Order" },
            { label: "AWB" },
            { label: "Courier" },
            { label: "Delivered" },
            { label: "Days", className: "text-right" },
            { label: "Amount", className: "text-right" },
          ]}
        >
          {cod.outstanding.rows.map((p) => (
            <TableRow key={p.order.href}>
              <TableCell>
                <Orders orders={[p.order]} />
              </TableCell>
              <TableCell className="font-mono text-xs">{p.awb ?? "no AWB"}</TableCell>
              <TableCell>{p.courier ?? "—"}</TableCell>
              <TableCell>{formatIstDate(p.deliveredAt)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {p.days} {p.late ? <Badge variant="destructive">late</Badge> : null}
              </TableCell>
              <TableCell className="text-right tabular-nums">{rs(p.amount)}</TableCell>
            </TableRow>
          ))}
        </AdminTable>
      ) : null}
      <More more={cod.outstanding.more} />
      {cod.short.rows.length ? (
        <section aria-label="Paid over short" className="pt-4 text-sm">
          <h3 className="font-medium">Paid over short ({cod.short.rows.length + cod.short.more})</h3>
          <ul className="flex flex-col gap-1 pt-1">
            {cod.short.rows.map((p) => (
              <li key={p.order.href}>
                <Orders orders={[p.order]} /> (AWB {p.awb}): {rs(p.remitted)} of {rs(p.amount)},{" "}
                {rs(p.missing)} missing
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {cod.unknown.length ? (
        <section aria-label="Remitted for parcels the shop does not know" className="pt-4 text-sm">
          <h3 className="font-medium">Remitted for parcels the shop does not know ({cod.unknown.length})</h3>
          <ul className="flex flex-col gap-1 pt-1">
            {cod.unknown.map((u) => (
              <li key={`${u.awb} ${u.reference}`}>
                AWB {u.awb}: {rs(u.amount)} on {formatIstDate(`${u.remitted_on}T12:00:00+05:30`)} (
                {u.reference})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </SectionCard>
  );
}
