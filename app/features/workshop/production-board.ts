import { addBusinessDays } from "~/shared/business-days";
import { z } from "~/shared/zod";
import { makingLoadDays, productionDays, type DeliveryRules } from "~/features/settings/delivery-promises";

/*
 * The production board's rules (issue 44, decision 062): the four columns a line moves through, which moves
 * are allowed, each line's due date (the day it must be ready to pack: the dispatch day of the delivery the
 * shopper was promised) and whether it is late or at risk given the load waiting before it. Pure.
 */

export const PRODUCTION_STAGES = ["to_cut", "to_bend", "testing", "ready_to_pack"] as const;
export type ProductionStage = (typeof PRODUCTION_STAGES)[number];

export const STAGE_LABELS: Record<ProductionStage, string> = {
  to_cut: "To cut",
  to_bend: "To bend",
  testing: "Testing",
  ready_to_pack: "Ready to pack",
};

export function stageLabel(stage: string): string {
  return STAGE_LABELS[stage as ProductionStage] ?? stage;
}

const indexOf = (s: ProductionStage) => PRODUCTION_STAGES.indexOf(s);

/** The columns a card may move to from `stage`: the next one and the one before. */
export function neighbours(stage: ProductionStage): {
  back: ProductionStage | null;
  next: ProductionStage | null;
} {
  const i = indexOf(stage);
  return { back: PRODUCTION_STAGES[i - 1] ?? null, next: PRODUCTION_STAGES[i + 1] ?? null };
}

export type StageMove = { ok: true; unchanged: boolean } | { ok: false; message: string };

/**
 * A card moves one column at a time, forward or back. Asking for the column it is already in is harmless
 * (a second click, or two staff at once): nothing changes and nothing is written.
 */
export function checkStageMove(from: ProductionStage, to: ProductionStage): StageMove {
  if (from === to) return { ok: true, unchanged: true };
  if (Math.abs(indexOf(from) - indexOf(to)) !== 1)
    return {
      ok: false,
      message: `This card is in ${STAGE_LABELS[from]} now: it moves one column at a time. Reload the board.`,
    };
  return { ok: true, unchanged: false };
}

/** Making starts with the first move out of "To cut" (the order then shows "In production"). */
export function startsMaking(from: ProductionStage, to: ProductionStage): boolean {
  return from === "to_cut" && to !== "to_cut";
}

/**
 * Why a line in "To cut" cannot leave it yet, or null: making starts once the order is confirmed and, for a
 * custom sign, once the shopper has approved its latest proof (the order workflow's rule for "In production";
 * an order staff already put into production with a reason has no such wait).
 */
export function waitingFor(kind: "custom" | "order", status: string, proof: string | null): string | null {
  if (status === "pending") return "Confirm the order to start making.";
  if (kind === "custom" && status === "confirmed" && proof !== "approved")
    return proof === null
      ? "Waiting for a design proof to be sent and approved."
      : "Waiting for the shopper to approve the proof.";
  return null;
}

/** The move form (a button per card): the order, its line and the column to move to. */
export const moveCardSchema = z.object({
  kind: z.enum(["custom", "order"], { error: "Unknown kind of order." }),
  orderId: z.uuid({ error: "Unknown order." }),
  lineId: z.uuid({ error: "Unknown line." }),
  to: z.enum(PRODUCTION_STAGES, { error: "Choose a column of the board." }),
});
export type MoveCardInput = z.output<typeof moveCardSchema>;

// ---------------------------------------------------------------------------------------------------
// Due dates and risk

export type PromiseOfOrder = {
  /** The order's day in India (YYYY-MM-DD). */
  orderDay: string;
  /** The window promised at checkout (business days from the order; null: older orders). */
  deliveryDaysMin: number | null;
  shippingMethod: string;
  custom: boolean;
};

/**
 * The day the line must be ready to pack: the dispatch day inside the delivery the shopper was promised. The
 * order keeps the window it was given (production days, then transit); its production days are that window's
 * first day less the transit's first day (standard or express, as now set). An order without a stored window,
 * or shipped abroad (a per-country window), takes the settings' production days for its kind.
 */
export function dueDate(o: PromiseOfOrder, rules: DeliveryRules): string {
  const transitMin =
    o.shippingMethod === "express"
      ? rules.expressDaysMin
      : o.shippingMethod === "standard"
        ? rules.standardDaysMin
        : null;
  const days =
    o.deliveryDaysMin !== null && transitMin !== null
      ? Math.max(0, o.deliveryDaysMin - transitMin)
      : productionDays({ ...rules, makingLoadDays: 0 }, o.custom);
  return addBusinessDays(o.orderDay, days);
}

export type Urgency = "late" | "at_risk" | "on_time" | "done";

export const URGENCY_LABELS: Record<Urgency, string> = {
  late: "Late",
  at_risk: "At risk",
  on_time: "On time",
  done: "Made",
};

export type QueuedLine = { key: string; stage: ProductionStage; due: string; ledMetres: number };

/**
 * Each line's urgency, the workshop making lines earliest-due first at `capacity` metres a day: a line is
 * late when its due day has passed, at risk when the metres waiting up to and including it need making days
 * that reach its due day, on time otherwise; a line ready to pack is made. Days are business days.
 */
export function urgencies(
  lines: readonly QueuedLine[],
  today: string,
  capacity: number,
): Map<string, Urgency> {
  const out = new Map<string, Urgency>();
  const waiting = lines
    .filter((l) => l.stage !== "ready_to_pack")
    .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.key < b.key ? -1 : 1));
  let metres = 0;
  for (const l of waiting) {
    metres += l.ledMetres;
    const days = Math.max(1, Math.ceil(metres / Math.max(capacity, 0.001)));
    const finished = addBusinessDays(today, days - 1);
    out.set(l.key, l.due < today ? "late" : finished >= l.due ? "at_risk" : "on_time");
  }
  for (const l of lines) if (l.stage === "ready_to_pack") out.set(l.key, "done");
  return out;
}

/** The board's load: the metres waiting (not yet ready to pack) and the extra making days they add to promises. */
export function boardLoad(
  lines: readonly { stage: ProductionStage; ledMetres: number }[],
  capacity: number,
): { waitingMetres: number; extraDays: number } {
  const waitingMetres = lines.filter((l) => l.stage !== "ready_to_pack").reduce((s, l) => s + l.ledMetres, 0);
  return {
    waitingMetres: Math.round(waitingMetres * 100) / 100,
    extraDays: makingLoadDays(waitingMetres, capacity),
  };
}
