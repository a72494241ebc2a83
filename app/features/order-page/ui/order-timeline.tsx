import { CheckCircle2, Circle, CircleDot, XCircle } from "lucide-react";
import type { TimelineStep } from "~/features/order-page/order-page";
import { cn } from "~/ui/utils";
import { formatIstDayMonthTime } from "~/shared/ist-dates";

function when(iso: string | null): string | null {
  return iso ? formatIstDayMonthTime(iso) : null;
}

/** The order's steps, oldest first: done, the current one, and what is still to come. */
export function OrderTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="space-y-0" aria-label="Order status">
      {steps.map((s, i) => {
        const ended = s.status === "cancelled";
        const Icon = ended
          ? XCircle
          : s.state === "done"
            ? CheckCircle2
            : s.state === "current"
              ? CircleDot
              : Circle;
        return (
          <li
            key={s.status}
            className="relative flex gap-3 pb-5 last:pb-0"
            aria-current={s.state === "current" ? "step" : undefined}
          >
            {i < steps.length - 1 ? (
              <span
                aria-hidden
                className={cn(
                  "absolute top-6 left-[11px] h-[calc(100%-1.25rem)] w-0.5",
                  s.state === "done" ? "bg-green-500" : "bg-border",
                )}
              />
            ) : null}
            <Icon
              aria-hidden
              className={cn(
                "relative size-6 shrink-0",
                ended ? "text-red-400" : s.state === "upcoming" ? "text-muted-foreground" : "text-green-500",
              )}
            />
            <div className="min-w-0">
              <p className={cn("font-medium", s.state === "upcoming" && "text-muted-foreground")}>
                {s.label}
                {s.state === "current" && !ended && s.status !== "delivered" ? (
                  <span className="sr-only"> (current step)</span>
                ) : null}
              </p>
              {s.at ? <p className="text-sm text-muted-foreground">{when(s.at)}</p> : null}
              {s.events?.length ? (
                <ul aria-label="Courier updates" className="mt-1 space-y-0.5 text-sm">
                  {s.events.map((e) => (
                    <li key={`${e.label}-${e.at}`}>
                      {e.label} <span className="text-muted-foreground">· {when(e.at)}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
