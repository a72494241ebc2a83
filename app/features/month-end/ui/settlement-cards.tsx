import { Link } from "react-router";
import { AdminTable, EmptyNote, SectionCard } from "~/features/admin-shell/ui/admin-list";
import { TableCell, TableRow } from "~/ui/table";
import { Button } from "~/ui/button";
import { formatIstDate, formatIstDateTime } from "~/shared/ist-dates";
import { formatPaise } from "~/features/invoices/gst-tax";
import { useFetcherForm } from "~/ui/use-form";
import type { moneyPage } from "~/features/month-end/money-page.server";
import { SETTLEMENT_WORKING_DAYS, type OrderLink } from "~/features/month-end/reconciliation";

/* The money page's Razorpay sections (issue 45): the settlements and what does not match. */

export type MoneyPageData = Extract<Awaited<ReturnType<typeof moneyPage>>, { ok: true }>;

export const rs = (paise: number) => `₹${formatPaise(paise)}`;

export function Orders({ orders }: { orders: readonly OrderLink[] }) {
  return (
    <>
      {orders.map((o, i) => (
        <span key={o.href}>
          {i > 0 ? ", " : null}
          <Link className="underline" to={o.href}>
            {o.ref}
          </Link>
        </span>
      ))}
    </>
  );
}

export function More({ more }: { more: number }) {
  return more > 0 ? <p className="pt-2 text-sm text-muted-foreground">and {more} more.</p> : null;
}

function FetchNow({ period }: { period: string }) {
  const { fetcher, pending } = useFetcherForm();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="fetch" />
      <input type="hidden" name="period" value={period} />
      <Button type="submit" variant="outline" disabled={pending}>
        {pending ? "Reading…" : "Fetch now"}
      </Button>
    </fetcher.Form>
  );
}

export function SettlementsCard({ page }: { page: MoneyPageData }) {
  const { settlements, totals, lastFetch } = page;
  const status = !page.razorpay
    ? "Razorpay's keys are not set (Settings > Keys): the shop reads no settlements. Test payments are never settled."
    : lastFetch
      ? `Last read from Razorpay ${formatIstDateTime(lastFetch.at)} (${lastFetch.months}): ${lastFetch.message}`
      : "Not read from Razorpay yet: the shop reads them every day at 12:30, or press Fetch now.";
  return (
    <SectionCard
      level={2}
      id="settlements"
      title="Razorpay settlements"
      description="Each transfer to the bank: the payments in it, refunds taken back, Razorpay's fees and the GST on them."
    >
      <div className="flex flex-wrap items-center justify-between gap-3 pb-3">
        <p className="text-sm text-muted-foreground" role="status">
          {status}
        </p>
        {page.razorpay ? <FetchNow period={page.periodKey} /> : null}
      </div>
      {settlements.rows.length === 0 ? (
        <EmptyNote className="py-4">No settlement in {page.label}.</EmptyNote>
      ) : (
        <AdminTable
          columns={[
            { label: "Settled" },
            { label: "UTR" },
            { label: "Payments", className: "text-right" },
            { label: "Paid", className: "text-right" },
            { label: "Refunds", className: "text-right" },
            { label: "Fees", className: "text-right" },
            { label: "GST on fees", className: "text-right" },
            { label: "To the bank", className: "text-right" },
            { label: "Check" },
          ]}
        >
          {settlements.rows.map((s) => (
            <TableRow key={s.id}>
              <TableCell>{formatIstDate(s.settledAt)}</TableCell>
              <TableCell className="font-mono text-xs">
                <Link
                  className="underline"
                  to={`/admin/money?period=${page.periodKey}&settlement=${s.id}#settlement`}
                  aria-label={`Lines of settlement ${s.utr ?? s.id}`}
                >
                  {s.utr ?? s.id}
                </Link>
              </TableCell>
              <TableCell className="text-right tabular-nums">{s.payments}</TableCell>
              <TableCell className="text-right tabular-nums">{rs(s.paid)}</TableCell>
              <TableCell className="text-right tabular-nums">{rs(s.refunds)}</TableCell>
              <TableCell className="text-right tabular-nums">{rs(s.fees)}</TableCell>
              <TableCell className="text-right tabular-nums">{rs(s.gstOnFees)}</TableCell>
              <TableCell className="text-right tabular-nums">{rs(s.net)}</TableCell>
              <TableCell>
                {s.addsUp === null ? "—" : s.addsUp ? "Adds up" : `Razorpay says ${rs(s.reported ?? 0)}`}
              </TableCell>
            </TableRow>
          ))}
          <TableRow className="font-semibold">
            <TableCell colSpan={2}>Total</TableCell>
            <TableCell className="text-right tabular-nums">{totals.payments}</TableCell>
            <TableCell className="text-right tabular-nums">{rs(totals.paid)}</TableCell>
            <TableCell className="text-right tabular-nums">{rs(totals.refunds)}</TableCell>
            <TableCell className="text-right tabular-nums">{rs(totals.fees)}</TableCell>
            <TableCell className="text-right tabular-nums">{rs(totals.gstOnFees)}</TableCell>
            <TableCell className="text-right tabular-nums">{rs(totals.net)}</TableCell>
            <TableCell />
          </TableRow>
        </AdminTable>
      )}
      <More more={settlements.more} />
    </SectionCard>
  );
}

function Section({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2 pt-4 first:pt-0">
      <h3 className="font-medium">
        {title} ({count})
      </h3>
      {children}
    </section>
  );
}

export function MismatchCard({ page }: { page: MoneyPageData }) {
  const { missing, unknownPayments, amountDifferences, undeductedRefunds, waiting } = page;
  const none =
    missing.rows.length +
      unknownPayments.rows.length +
      amountDifferences.rows.length +
      undeductedRefunds.rows.length ===
    0;
  return (
    <SectionCard
      level={2}
      id="refunds"
      title="What does not match"
      description={`Payments Razorpay should have settled by now (${SETTLEMENT_WORKING_DAYS} working days), settled payments the shop has no order for, other amounts, and refunds not yet taken back.`}
    >
      {waiting.count > 0 ? (
        <p className="pb-2 text-sm text-muted-foreground">
          {waiting.count} {waiting.count === 1 ? "payment" : "payments"} ({rs(waiting.amount)}) still within
          the settlement time.
        </p>
      ) : null}
      {none ? <p>Nothing to check: every settled payment is an order&apos;s, and nothing is late.</p> : null}
      {missing.rows.length ? (
        <Section
          title={`Paid, not settled after ${SETTLEMENT_WORKING_DAYS} working days`}
          count={missing.rows.length + missing.more}
        >
          <ul className="flex flex-col gap-1 text-sm">
            {missing.rows.map((p) => (
              <li key={p.paymentId}>
                <Orders orders={p.orders} />: {rs(p.amount)} paid {formatIstDate(p.paidAt)} ({p.paymentId}),
                due by {formatIstDate(`${p.dueBy}T12:00:00+05:30`)}
              </li>
            ))}
          </ul>
          <More more={missing.more} />
        </Section>
      ) : null}
      {unknownPayments.rows.length ? (
        <Section
          title="Settled, but no order of the shop"
          count={unknownPayments.rows.length + unknownPayments.more}
        >
          <ul className="flex flex-col gap-1 text-sm">
            {unknownPayments.rows.map((l) => (
              <li key={l.entityId}>
                {l.entityId}: {rs(l.amount)} settled {formatIstDate(l.settledAt)} (UTR{" "}
                {l.utr ?? l.settlementId})
              </li>
            ))}
          </ul>
          <More more={unknownPayments.more} />
        </Section>
      ) : null}
      {amountDifferences.rows.length ? (
        <Section
          title="Settled for another amount"
          count={amountDifferences.rows.length + amountDifferences.more}
        >
          <ul className="flex flex-col gap-1 text-sm">
            {amountDifferences.rows.map(({ line, payment }) => (
              <li key={line.entityId}>
                <Orders orders={payment.orders} />: the orders took {rs(payment.amount)}, Razorpay settled{" "}
                {rs(line.amount)} ({line.entityId})
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {undeductedRefunds.rows.length ? (
        <Section
          title="Refunds not yet taken back"
          count={undeductedRefunds.rows.length + undeductedRefunds.more}
        >
          <ul className="flex flex-col gap-1 text-sm">
            {undeductedRefunds.rows.map((r) => (
              <li key={r.refundId}>
                <Orders orders={r.orders} />: {rs(r.amount)} refunded {formatIstDate(r.at)} ({r.refundId}),{" "}
                {r.days} {r.days === 1 ? "day" : "days"} ago{r.overdue ? ", in no settlement yet" : ""}
              </li>
            ))}
          </ul>
          <More more={undeductedRefunds.more} />
        </Section>
      ) : null}
    </SectionCard>
  );
}
