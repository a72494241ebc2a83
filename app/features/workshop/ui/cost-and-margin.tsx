import { formatRupees } from "~/shared/money";
import { cn } from "~/ui/utils";
import type { LineCost, Margin, OrderCost } from "~/features/workshop/costs";

/** "₹1,200 (32.5%)", a loss in red. */
export function MarginFigure({ m, className }: { m: Margin; className?: string }) {
  return (
    <span className={cn("tabular-nums", m.margin < 0 && "text-red-500", className)}>
      {m.margin < 0 ? "−" : ""}
      {formatRupees(Math.abs(m.margin))}
      {m.percent === null ? "" : ` (${m.percent.toLocaleString("en-IN")}%)`}
    </span>
  );
}

function Row({ label, value, strong }: { label: string; value: React.ReactNode; strong?: boolean }) {
  return (
    <div className={cn("flex justify-between gap-4", strong && "border-t pt-1 font-semibold")}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}

function LineBlock({ line, many }: { line: LineCost; many: boolean }) {
  return (
    <div className="grid gap-1">
      {many ? <p className="font-medium">{line.label}</p> : null}
      {line.unit ? (
        <dl className="grid gap-1 text-sm">
          {line.unit.items.map((i) => (
            <Row key={i.label} label={i.label} value={formatRupees(i.rupees)} />
          ))}
          <Row strong label="Cost of making, one sign" value={formatRupees(line.unit.total)} />
          {line.quantity > 1 ? (
            <Row label={`× ${line.quantity}`} value={formatRupees(line.unit.total * line.quantity)} />
          ) : null}
          <Row label="Revenue without GST" value={formatRupees(line.revenue)} />
          <Row strong label="Margin" value={<MarginFigure m={line.margin!} />} />
        </dl>
      ) : (
        <p role="status" className="text-sm text-amber-600">
          {line.problem}
        </p>
      )}
    </div>
  );
}

/**
 * An order's "Cost and margin" (issue 44): each line's cost of making item by item, its revenue without GST and
 * the margin. Estimated: the costs are the workshop settings' prices.
 */
export function CostAndMargin({ cost }: { cost: OrderCost }) {
  const many = cost.lines.length > 1;
  return (
    <div className="grid gap-3">
      {cost.lines.map((l, i) => (
        <LineBlock key={i} line={l} many={many} />
      ))}
      {many && cost.total ? (
        <dl className="grid gap-1 text-sm">
          <Row label="Cost of making, the order" value={formatRupees(cost.total.cost)} />
          <Row label="Revenue without GST" value={formatRupees(cost.total.revenue)} />
          <Row strong label="Margin, the order" value={<MarginFigure m={cost.total} />} />
        </dl>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Estimated from the workshop settings&apos; costs. Revenue is the lines&apos; price after discounts and
        refunds{cost.basis.ratePercent > 0 && cost.basis.supply !== "export" ? " without GST" : ""}; delivery
        and the COD charge are left out.
        {cost.basis.estimated ? " The GST taken out is estimated (no GSTIN or delivery state known)." : ""}
      </p>
    </div>
  );
}
