import type { ClockState } from "~/features/grievances/grievances";
import { cn } from "~/ui/utils";

const WORDS: Record<ClockState, string> = {
  met: "done in time",
  late: "done late",
  running: "",
  near: "due soon",
  overdue: "overdue",
};

/** One clock of a ticket: "Acknowledge by 2026-03-05 14:05 (IST)", red when overdue, amber when near. */
export function ComplaintClock({ label, due, state }: { label: string; due: string; state: ClockState }) {
  return (
    <span
      className={cn(
        "text-xs",
        state === "overdue" && "font-semibold text-red-500",
        state === "late" && "text-red-400",
        state === "near" && "font-semibold text-amber-500",
        (state === "met" || state === "running") && "text-muted-foreground",
      )}
      data-clock={state}
    >
      {label} {due} IST{WORDS[state] ? ` · ${WORDS[state]}` : ""}
    </span>
  );
}
