import { Form, Link } from "react-router";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { NativeSelect } from "~/features/admin-shell/ui/native-select";
import { auditPage } from "~/features/staff/audit-trail.server";
import { AUDIT_KINDS, auditFilterSchema } from "~/features/staff/staff-forms";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { formatIstDateTime } from "~/shared/ist-dates";
import { requireAdmin } from "~/platform/auth/auth.server";
import type { Route } from "./+types/admin-audit";

export const meta: Route.MetaFunction = () => adminMeta("Audit Trail");

/** GET /admin/audit (Owner only): every admin change, who made it, when, from where, before and after. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "audit");
  const url = new URL(request.url);
  const filters = auditFilterSchema.parse(Object.fromEntries(url.searchParams.entries()));
  const { rows, hasMore } = await auditPage(filters);
  return { filters, rows, hasMore };
}

const json = (v: unknown) => (v === null || v === undefined ? "" : JSON.stringify(v, null, 1));

function pageLink(filters: Record<string, unknown>, page: number) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v && k !== "page") q.set(k, String(v));
  q.set("page", String(page));
  return `?${q.toString()}`;
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, rows, hasMore } = loaderData;
  return (
    <AdminPage
      title="Audit Trail"
      description="Every change made in the admin: who, when (IST), from where, before and after."
    >
      <Form
        method="get"
        className="grid gap-3 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <label className="grid gap-1 text-sm font-medium">
          Who (e-mail)
          <Input name="who" defaultValue={filters.who ?? ""} />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          Kind
          <NativeSelect name="kind" defaultValue={filters.kind ?? ""}>
            <option value="">All kinds</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="grid gap-1 text-sm font-medium">
          From
          <Input type="date" name="from" defaultValue={filters.from ?? ""} />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          To
          <Input type="date" name="to" defaultValue={filters.to ?? ""} />
        </label>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      {rows.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">No changes recorded here.</p>
      ) : (
        <ol aria-label="Audit trail" className="grid gap-2">
          {rows.map((r) => (
            <li key={r.id} className="grid gap-1 rounded-lg border p-3 text-sm">
              <p className="flex flex-wrap gap-x-3 gap-y-1">
                <span className="font-medium">{formatIstDateTime(r.at)}</span>
                <span className="break-all">{r.actorEmail}</span>
                <span className="text-muted-foreground">from {r.ip ?? "unknown"}</span>
              </p>
              <p>
                <span className="font-semibold">{r.kind}</span> · {r.action}
                {r.subject ? <span className="break-all text-muted-foreground"> · {r.subject}</span> : null}
              </p>
              {r.before || r.after ? (
                <div className="grid gap-2 md:grid-cols-2">
                  <pre
                    aria-label="Before"
                    className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs"
                  >
                    {r.before ? json(r.before) : "—"}
                  </pre>
                  <pre
                    aria-label="After"
                    className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs"
                  >
                    {json(r.after)}
                  </pre>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Pages" className="flex justify-between">
        {filters.page > 1 ? <Link to={pageLink(filters, filters.page - 1)}>Newer</Link> : <span />}
        {hasMore ? <Link to={pageLink(filters, filters.page + 1)}>Older</Link> : null}
      </nav>
    </AdminPage>
  );
}
