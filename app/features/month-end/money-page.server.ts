import { data } from "react-router";
import { z } from "~/shared/zod";
import { sameRuleFor } from "~/shared/staff-access";
import type { FormAnswer } from "~/shared/form-answer";
import { todayInIndia } from "~/shared/ist-dates";
import { formAction } from "~/platform/http/form-action.server";
import { adminFormAnswers, badRequest } from "~/platform/auth/admin-action.server";
import { paymentGateway } from "~/features/payments/gateway.server";
import { moneyFigures } from "./money-figures.server";
import { codParcels, recordRemittances, unknownRemittances } from "./cod-remittances.server";
import {
  fetchSettlementMonths,
  lastSettlementFetch,
  monthsOf,
  reconciliation,
  settlementDetail,
} from "./reconciliation.server";
import { parseRemittanceCsv } from "./cod-remittance-csv.server";
import { moneyPeriods, parseMoneyPeriod } from "./return-period";

/* The money page's loader and action (/admin/money, issue 45): the period's reconciliation and its two intents. */

/** Rows of each list sent to the page; the rest are counted ("and 40 more"). */
export const LIST_ROWS = 100;
/** The largest remittance report accepted (a month of a busy shop's COD is a few hundred kilobytes). */
export const MAX_REMITTANCE_BYTES = 2 * 1024 * 1024;

const capped = <T>(rows: readonly T[]) => ({
  rows: rows.slice(0, LIST_ROWS),
  more: Math.max(0, rows.length - LIST_ROWS),
});
const dayOf = (d: Date) => todayInIndia(d);

export async function moneyPage(request: Request, now: Date = new Date()) {
  const key = new URL(request.url).searchParams.get("period")?.slice(0, 20) || todayInIndia(now).slice(0, 7);
  const period = parseMoneyPeriod(key);
  const periods = moneyPeriods(now);
  if (!period)
    return data(
      {
        ok: false as const,
        periodKey: key,
        periods,
        message: "Choose a month (2026-04), a quarter (2026-27-Q1) or a financial year (2026-27).",
      },
      { status: 400 },
    );
  const settlementId = new URL(request.url).searchParams.get("settlement")?.slice(0, 60) ?? null;
  const first = dayOf(period.from);
  const last = dayOf(new Date(period.to.getTime() - 1));
  const [recon, money, cod, unknownCod, lastFetch, settlement] = await Promise.all([
    reconciliation(period.from, period.to, now),
    moneyFigures(first, last),
    codParcels(null, now),
    unknownRemittances(first, todayInIndia(period.to)),
    lastSettlementFetch(),
    settlementId ? settlementDetail(settlementId) : null,
  ]);
  const gateway = paymentGateway();
  const overdue = recon.unsettled.filter((p) => p.overdue);
  const waiting = recon.unsettled.filter((p) => !p.overdue);
  return {
    ok: true as const,
    periodKey: period.key,
    periods,
    label: period.label,
    first,
    last,
    money,
    razorpay: gateway.mode === "razorpay",
    lastFetch,
    /** The settlement chosen in the list (?settlement=setl_…): its lines and their orders. */
    settlement,
    settlements: capped(recon.settlements),
    totals: recon.totals,
    missing: capped(overdue),
    waiting: { count: waiting.length, amount: waiting.reduce((n, p) => n + p.amount, 0) },
    unknownPayments: capped(recon.unknownPayments),
    amountDifferences: capped(recon.amountDifferences),
    undeductedRefunds: capped(recon.undeductedRefunds),
    cod: {
      outstanding: capped(cod.outstanding),
      short: capped(cod.short),
      outstandingAmount: cod.outstandingAmount,
      remittedCount: cod.remitted.length,
      unknown: unknownCod,
    },
  };
}

const answer = (intent: string, ok: boolean, message: string, status = ok ? 200 : 400) =>
  data<FormAnswer>({ ok, intent, message }, { status });

/** "Fetch now" (the shown period's months, at most 12) and "Upload COD remittances" (a CSV report). */
export const moneyAction = formAction(
  {
    guard: "admin",
    permission: "invoices",
    intents: sameRuleFor(["fetch", "upload-cod"], { permission: "invoices" }),
    maxBytes: MAX_REMITTANCE_BYTES,
    answers: adminFormAnswers(
      "The file is too large: upload at most 2 MB at once (split a long report by month).",
    ),
  },
  async (fields, { form, admin }) => {
    if (fields.intent === "fetch") {
      const period = parseMoneyPeriod(z.string().max(20).catch("").parse(fields.period));
      if (!period) return badRequest("fetch", "Choose a period first.");
      // One read at a time is enough: a second press within a minute is answered, not sent to Razorpay again.
      const last = await lastSettlementFetch();
      if (last && Date.now() - last.at.getTime() < 60_000)
        return answer(
          "fetch",
          false,
          "Settlements were read less than a minute ago: wait a moment and press again.",
          429,
        );
      const r = await fetchSettlementMonths(monthsOf(period.from, period.to).slice(0, 12));
      return answer(
        "fetch",
        r.ok,
        r.ok ? r.message : `Settlements were not read: ${r.message}`,
        r.ok ? 200 : 409,
      );
    }
    if (fields.intent === "upload-cod") {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0)
        return answer("upload-cod", false, "Choose the courier's remittance report (a CSV file).");
      if (!/\.csv$/i.test(file.name))
        return answer("upload-cod", false, "Upload the report as a CSV file (in Excel: Save As → CSV).");
      const parsed = parseRemittanceCsv(await file.text());
      if (!parsed.ok) return answer("upload-cod", false, parsed.message);
      const r = await recordRemittances(parsed.lines, {
        fileName: file.name.slice(0, 200),
        by: { id: admin.user.id, email: admin.user.email },
      });
      return answer(
        "upload-cod",
        true,
        `${r.added} remittance ${r.added === 1 ? "line" : "lines"} recorded${r.known ? `, ${r.known} already known` : ""}.`,
      );
    }
    return badRequest(String(fields.intent ?? ""), "Unknown action.");
  },
);
