import { Form } from "react-router";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { SectionCard } from "~/features/admin-shell/ui/admin-list";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { requireAdmin } from "~/platform/auth/auth.server";
import { buttonVariants } from "~/ui/button";
import { moneyAction, moneyPage } from "~/features/month-end/money-page.server";
import { MoneyView } from "~/features/month-end/ui/money-view";
import { MismatchCard, SettlementsCard } from "~/features/month-end/ui/settlement-cards";
import { CodCard } from "~/features/month-end/ui/cod-card";
import { SettlementLinesCard } from "~/features/month-end/ui/settlement-lines";
import type { Route } from "./+types/admin-money";

export const meta: Route.MetaFunction = () => adminMeta("Money");

/** /admin/money?period=2026-11 (a month, 2026-27-Q1 or 2026-27): Razorpay settlements and COD reconciled. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "invoices");
  return moneyPage(request);
}

/** "Fetch now" and "Upload remittances". */
export const action = moneyAction;

const LIVE_TABLES = [
  "gateway_settlement_lines",
  "cod_remittances",
  "refunds",
  "orders",
  "custom_neon_orders",
] as const;

function PeriodPicker({ value, periods }: { value: string; periods: readonly string[] }) {
  return (
    <Form method="get" className="flex items-end gap-2">
      <label className="flex flex-col gap-1 text-sm">
        Period
        <select name="period" defaultValue={value} className="rounded-md border px-2 py-1">
          {(periods.includes(value) ? periods : [value, ...periods]).map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonVariants({ variant: "outline" })}>
        Show
      </button>
    </Form>
  );
}

export default function AdminMoney({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  return (
    <AdminPage
      title="Money"
      description="What shoppers paid, what Razorpay and the couriers kept or still hold, and what reached the bank."
      action={<PeriodPicker value={page.periodKey} periods={page.periods} />}
      liveTables={LIVE_TABLES}
    >
      {!page.ok ? (
        <SectionCard level={2} title="No such period" description={page.periodKey}>
          <p role="alert">{page.message}</p>
        </SectionCard>
      ) : (
        <>
          <MoneyView
            money={page.money}
            page={`/admin/money?period=${page.periodKey}`}
            title={`Money in ${page.label}`}
            description="Orders placed in the period, test orders left out. Amounts include GST."
          />
          <SettlementLinesCard page={page} />
          <SettlementsCard page={page} />
          <MismatchCard page={page} />
          <CodCard page={page} />
        </>
      )}
    </AdminPage>
  );
}
