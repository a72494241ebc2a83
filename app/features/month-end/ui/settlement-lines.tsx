import { Link } from "react-router";
import { AdminTable, SectionCard } from "~/features/admin-shell/ui/admin-list";
import { TableCell, TableRow } from "~/ui/table";
import { formatIstDate } from "~/shared/ist-dates";
import { Orders, rs, type MoneyPageData } from "./settlement-cards";

/* One settlement's lines with the orders they paid (issue 45): opened from the settlements list. */

const KIND: Record<string, string> = { payment: "Payment", refund: "Refund", adjustment: "Adjustment" };

export function SettlementLinesCard({ page }: { page: MoneyPageData }) {
  const s = page.settlement;
  if (!s) return null;
  return (
    <SectionCard
      level={2}
      id="settlement"
      title={`Settlement ${s.utr ?? s.id}`}
      description={`Settled ${formatIstDate(s.settledAt)}: each payment with its orders, each refund with the payment it went back to.`}
    >
      <AdminTable
        scrollLabel={`Lines of settlement ${s.utr ?? s.id}`}
        columns={[
          { label: "Line" },
          { label: "Razorpay id" },
          { label: "Orders" },
          { label: "Amount", className: "text-right" },
          { label: "Fee with GST", className: "text-right" },
          { label: "To the bank", className: "text-right" },
        ]}
      >
        {s.lines.map((l) => (
          <TableRow key={`${l.type} ${l.entityId}`}>
            <TableCell>{KIND[l.type] ?? l.type}</TableCell>
            <TableCell className="font-mono text-xs">{l.entityId}</TableCell>
            <TableCell>{l.orders.length ? <Orders orders={l.orders} /> : "no order of the shop"}</TableCell>
            <TableCell className="text-right tabular-nums">{rs(l.amount)}</TableCell>
            <TableCell className="text-right tabular-nums">{rs(l.fee)}</TableCell>
            <TableCell className="text-right tabular-nums">{rs(l.net)}</TableCell>
          </TableRow>
        ))}
      </AdminTable>
      <p className="pt-3 text-sm">
        <Link className="underline" to={`/admin/money?period=${page.periodKey}#settlements`}>
          Back to every settlement
        </Link>
      </p>
    </SectionCard>
  );
}
