import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { SectionCard } from "~/features/admin-shell/ui/admin-list";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { requireAdmin } from "~/platform/auth/auth.server";
import { moneyAction, moneyPage } from "~/features/month-end/money-page.server";
import { MoneyView } from "~/features/month-end/ui/money-view";
import { MismatchCard, SettlementsCard } from "~/features/month-end/ui/settlement-cards";
import { CodCard } from "~/features/month-end/ui/cod-card";
import { SettlementLinesCard } from "~/features/month-end/ui/settlement-lines";
import { PeriodPicker } from "~/features/month-end/ui/period-picker";
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
