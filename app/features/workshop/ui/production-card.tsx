import { AlertTriangle, CheckCircle2, Clock } from "lucide-react";
import { Button } from "~/ui/button";
import { useFetcherForm } from "~/ui/use-form";
import { cn } from "~/ui/utils";
import { formatIstDayMonthTime } from "~/shared/ist-dates";
import { neighbours, STAGE_LABELS, URGENCY_LABELS } from "~/features/workshop/production-board";
import type { BoardCard } from "~/features/workshop/production-board.server";
import { PACK_FILES, packFileUrl } from "~/features/workshop/pack-files";

/** The urgency in words, with an icon and a border colour beside it (never the colour alone). */
function UrgencyTag({ urgency }: { urgency: BoardCard["urgency"] }) {
  const Icon =
    urgency === "late" || urgency === "at_risk" ? AlertTriangle : urgency === "done" ? CheckCircle2 : Clock;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-semibold",
        urgency === "late" && "border-red-200 bg-red-100 text-red-900",
        urgency === "at_risk" && "border-amber-200 bg-amber-100 text-amber-900",
        (urgency === "on_time" || urgency === "done") && "border-border text-muted-foreground",
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {URGENCY_LABELS[urgency]}
    </span>
  );
}

/** One line to make: the order, what it is, its LED metres, due day, who moved it last, and its moves. */
export function ProductionCard({ card }: { card: BoardCard }) {
  const { fetcher, pending } = useFetcherForm({
    key: `move-${card.key}`,
    toast: { ok: "Card moved", failed: "The card was not moved" },
  });
  const { back, next } = neighbours(card.stage);
  const blocked = card.stage === "to_cut" && card.waitingFor !== null;
  const label = `${card.orderRef}: ${card.title}`;
  return (
    <article
      aria-label={label}
      className={cn(
        "grid min-w-0 gap-1.5 rounded-md border bg-card p-3 text-sm shadow-xs",
        card.urgency === "late" && "border-l-4 border-l-red-600",
        card.urgency === "at_risk" && "border-l-4 border-l-amber-500",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <a href={card.orderPath} className="font-mono font-medium text-primary underline">
          {card.orderRef}
        </a>
        <UrgencyTag urgency={card.urgency} />
      </div>
      <p className="font-medium [overflow-wrap:anywhere]">{card.title}</p>
      <p className="text-muted-foreground">{card.details}</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <dt className="text-muted-foreground">LED</dt>
        <dd>{card.ledMetres.toFixed(2)} m</dd>
        <dt className="text-muted-foreground">Due</dt>
        <dd className={cn(card.urgency === "late" && "font-semibold")}>
          {card.dueText}
          {card.urgency === "late" ? " (overdue)" : ""}
        </dd>
        <dt className="text-muted-foreground">Moved</dt>
        <dd className="[overflow-wrap:anywhere]">
          {card.movedAt
            ? `${card.movedByEmail ?? "staff"}, ${formatIstDayMonthTime(card.movedAt)}`
            : "Not moved yet"}
        </dd>
      </dl>
      {card.hasPack ? (
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label={`Production pack of ${card.orderRef}`}>
          {PACK_FILES.map((f) => (
            <li key={f.file}>
              <a href={packFileUrl(card.orderId, f.file)} download className="text-primary underline">
                {f.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {blocked ? (
        <p className="rounded border border-amber-500/50 bg-amber-500/10 px-2 py-1">{card.waitingFor}</p>
      ) : null}
      <fetcher.Form method="post" className="flex flex-wrap gap-2 pt-1" aria-label={`Move ${label}`}>
        <input type="hidden" name="kind" value={card.kind} />
        <input type="hidden" name="orderId" value={card.orderId} />
        <input type="hidden" name="lineId" value={card.lineId} />
        {back ? (
          <Button type="submit" name="to" value={back} variant="outline" size="sm" disabled={pending}>
            Back to {STAGE_LABELS[back]}
          </Button>
        ) : null}
        {next ? (
          <Button type="submit" name="to" value={next} size="sm" disabled={pending || blocked}>
            Move to {STAGE_LABELS[next]}
          </Button>
        ) : null}
      </fetcher.Form>
    </article>
  );
}
