import { Link } from "react-router";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { SectionCard } from "~/features/admin-shell/ui/admin-list";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { adminLoader } from "~/features/admin-shell/admin-route.server";
import { buttonVariants } from "~/ui/button";
import { monthEndPage } from "~/features/month-end/month-end.server";
import { lastMonthKey, recentPeriods } from "~/features/month-end/return-period";
import {
  ChecksCard,
  DocumentsIssuedCard,
  Gstr1TablesCard,
  Gstr3bCard,
  HsnCard,
} from "~/features/month-end/ui/month-end-figures";
import { PeriodPicker } from "~/features/month-end/ui/period-picker";
import type { Route } from "./+types/admin-month-end";

export const meta: Route.MetaFunction = () => adminMeta("Month End");

/** /admin/month-end?period=2026-04 (or 2026-27-Q1): the period's GST return, its checks and downloads. */
export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const period = new URL(request.url).searchParams.get("period")?.slice(0, 20) || lastMonthKey();
  return { periodKey: period, periods: recentPeriods(), report: await monthEndPage(period) };
}, "invoices");

export default function AdminMonthEnd({ loaderData }: Route.ComponentProps) {
  const { periodKey, periods, report } = loaderData;
  const base = `/api/admin/month-end/${encodeURIComponent(periodKey)}`;
  return (
    <AdminPage
      title="Month End"
      description="The period's GSTR-1 for the GST portal, the GSTR-3B figures and the sales register, from the invoices and credit notes issued."
      action={<PeriodPicker value={periodKey} periods={periods} />}
    >
      {!report.ok ? (
        <SectionCard level={2} title="No GST return" description={periodKey}>
          <p role="status">
            {report.message}{" "}
            {"href" in report && report.href ? (
              <Link className="underline" to={report.href}>
                Open settings
              </Link>
            ) : null}
          </p>
          {report.status === 409 ? (
            <a
              className={buttonVariants({ variant: "outline" }) + " mt-4"}
              href={`${base}/sales-register.csv`}
              download
            >
              Download sales register (CSV)
            </a>
          ) : null}
        </SectionCard>
      ) : (
        <>
          <ChecksCard problems={report.problems} />
          <SectionCard
            level={2}
            title={`GSTR-1 for ${report.period.label}`}
            description={`GSTIN ${report.gstin}, return period ${report.period.fp}, ${report.documentCount} documents.`}
          >
            <div className="flex flex-wrap gap-2">
              <a className={buttonVariants()} href={`${base}/gstr1.json`} download>
                Download GSTR-1 (JSON)
              </a>
              <a
                className={buttonVariants({ variant: "outline" })}
                href={`${base}/gstr1-workbook.zip`}
                download
              >
                Download GSTR-1 workbook (CSV sheets)
              </a>
              <a
                className={buttonVariants({ variant: "outline" })}
                href={`${base}/sales-register.csv`}
                download
              >
                Download sales register (CSV)
              </a>
            </div>
          </SectionCard>
          <Gstr1TablesCard tables={report.tables} />
          <HsnCard hsn={report.hsn} />
          <DocumentsIssuedCard docs={report.docIssue} />
          <Gstr3bCard gstr3b={report.gstr3b} />
        </>
      )}
    </AdminPage>
  );
}
