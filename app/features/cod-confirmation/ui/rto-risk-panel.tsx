import { cn } from "~/ui/utils";
import { RISK_LABELS, type RiskAssessment } from "~/features/cod-confirmation/rto-risk";

const TONE = {
  low: "border-green-600/60 text-green-400",
  medium: "border-amber-500/70 text-amber-300",
  high: "border-red-500/70 text-red-400",
} as const;

/** A COD order's RTO risk for staff: the level and every reason behind it (the shop's own history only). */
export function RtoRiskPanel({ risk }: { risk: RiskAssessment }) {
  return (
    <div className="mt-3 grid gap-2 text-sm" aria-label="RTO risk" role="group">
      <p>
        RTO risk:{" "}
        <span className={cn("rounded-full border px-2 py-0.5 text-xs font-semibold", TONE[risk.level])}>
          {RISK_LABELS[risk.level]}
        </span>
      </p>
      {risk.reasons.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-5 text-muted-foreground">
          {risk.reasons.map((r) => (
            <li key={r.text}>
              {r.text} <span className="tabular-nums">({r.points > 0 ? `+${r.points}` : r.points})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">Nothing in this shop's history points to a return.</p>
      )}
    </div>
  );
}
