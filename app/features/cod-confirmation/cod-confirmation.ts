import type { CodConfirmationSettings } from "~/features/settings/cod-settings";

/*
 * COD confirmation (issue 30, decision 044): a cash-on-delivery checkout asks its shopper to confirm or cancel
 * (WhatsApp quick-reply buttons where they opted in, an e-mail to the order page in any case); unanswered, it is
 * reminded once and then cancelled by the sweep. Pure: states, button payloads, the clock and the figures.
 */

export const COD_CONFIRMATION_STATES = ["awaiting", "confirmed", "cancelled", "expired"] as const;
export type CodConfirmationState = (typeof COD_CONFIRMATION_STATES)[number];

/** Who answered: the shopper on WhatsApp or on the order page, or staff after a phone call. */
export const COD_ANSWER_VIA = ["whatsapp", "page", "staff"] as const;
export type CodAnswerVia = (typeof COD_ANSWER_VIA)[number];

export type CodAnswer = "confirm" | "cancel";

const HOUR = 60 * 60 * 1000;

/** When an order placed at `placedAt` is reminded, and when it is cancelled if still unanswered. */
export function confirmationClock(
  placedAt: Date,
  s: Pick<CodConfirmationSettings, "remindAfterHours" | "cancelAfterHours">,
) {
  return {
    remindAt: new Date(placedAt.getTime() + s.remindAfterHours * HOUR),
    cancelAt: new Date(placedAt.getTime() + s.cancelAfterHours * HOUR),
  };
}

/** The quick-reply button payloads of the WhatsApp template: `cod-confirm:<token>`, `cod-cancel:<token>`. */
export function buttonPayload(answer: CodAnswer, replyToken: string): string {
  return `cod-${answer}:${replyToken}`;
}

const PAYLOAD = /^cod-(confirm|cancel):([A-Za-z0-9_-]{32,64})$/;

/** A button reply's payload as an answer and its token; null for anything else. */
export function parseButtonPayload(payload: unknown): { answer: CodAnswer; replyToken: string } | null {
  if (typeof payload !== "string") return null;
  const m = PAYLOAD.exec(payload);
  return m ? { answer: m[1] as CodAnswer, replyToken: m[2]! } : null;
}

/** What the shopper reads on the order page about their COD confirmation. */
export function answerLabel(state: CodConfirmationState, via: CodAnswerVia | null): string {
  switch (state) {
    case "awaiting":
      return "Waiting for your confirmation";
    case "confirmed":
      return via === "staff" ? "Confirmed on a call with us" : "Confirmed by you";
    case "cancelled":
      return "Cancelled by you";
    case "expired":
      return "Cancelled: not confirmed in time";
  }
}

/** The timeline's note for an answer. */
export function historyNote(answer: CodAnswer | "expired", via: CodAnswerVia | null): string {
  if (answer === "expired") return "Cash on delivery not confirmed in time: cancelled automatically";
  const where =
    via === "whatsapp" ? "on WhatsApp" : via === "page" ? "on the order page" : "by phone with staff";
  return answer === "confirm" ? `Cash on delivery confirmed ${where}` : `Cancelled by the shopper ${where}`;
}

/**
 * The timeline's note when an unconfirmed order's stock goes back on sale after the settings' hours (issue 41):
 * the order still waits for its answer.
 */
export function stockReleasedNote(hours: number): string {
  return `Not confirmed within ${hours} hour${hours === 1 ? "" : "s"}: its stock went back on sale (taken again when the order is confirmed)`;
}

export type ConfirmationRow = {
  state: CodConfirmationState;
  createdAt: Date;
  answeredAt: Date | null;
};

/**
 * The dashboard's figures over the period's COD checkouts: the share confirmed of those answered or expired
 * (waiting ones are not counted yet), the median time to confirm, and how many were cancelled by the clock.
 */
export function confirmationFigures(rows: readonly ConfirmationRow[]) {
  const decided = rows.filter((r) => r.state !== "awaiting");
  const confirmed = rows.filter((r) => r.state === "confirmed" && r.answeredAt);
  const minutes = confirmed
    .map((r) => (r.answeredAt!.getTime() - r.createdAt.getTime()) / 60_000)
    .sort((a, b) => a - b);
  const mid = Math.floor(minutes.length / 2);
  const median =
    minutes.length === 0
      ? null
      : minutes.length % 2
        ? minutes[mid]!
        : (minutes[mid - 1]! + minutes[mid]!) / 2;
  return {
    requested: rows.length,
    waiting: rows.length - decided.length,
    confirmed: confirmed.length,
    rate: decided.length === 0 ? null : confirmed.length / decided.length,
    medianMinutes: median === null ? null : Math.round(median),
    autoCancelled: rows.filter((r) => r.state === "expired").length,
  };
}

/** "2 h 5 min", "35 min", "3 days": a duration in minutes for the dashboard. */
export function durationText(minutes: number | null): string {
  if (minutes === null) return "–";
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  return `${Math.round(minutes / (24 * 60))} days`;
}
