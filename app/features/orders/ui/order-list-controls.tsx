import { ChevronDown, ChevronLeft, ChevronRight, Download, Search, SlidersHorizontal, X } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { buttonVariants, Button } from "~/ui/button";
import { Field, FieldError } from "~/ui/field";
import { Input } from "~/ui/input";
import {
  ORDER_VIEW_LABELS,
  ORDER_VIEWS,
  orderFiltersSchema,
  orderFiltersToQuery,
  type OrderFilters,
} from "~/features/orders/order-filters";
import {
  ORDER_STATUS_IDS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_IDS,
  PAYMENT_STATUS_LABELS,
} from "~/features/order-lifecycle/order-status";
import { failedAnswer } from "~/shared/form-answer";
import { useForm } from "~/ui/use-form";
import { cn } from "~/ui/utils";
import { useCan } from "~/features/admin-shell/ui/use-can";
import { selectClass } from "./order-change-form";

/** The filters behind the "Filters" control (the search box stays in view). */
const FILTER_KEYS = ["status", "method", "payment", "show", "from", "to"] as const;

/**
 * The search and filter form: a plain GET form, so the view lives in the URL (shareable, reloadable)
 * and works before JavaScript loads.
 */
export function OrderFiltersForm({
  filters,
  errors,
  exportHref,
  raw,
}: {
  filters: OrderFilters;
  errors: Record<string, string>;
  exportHref: string;
  /** What was typed, so a refused value stays visible next to its error. */
  raw: Record<string, string>;
}) {
  const value = (k: keyof OrderFilters) => raw[k] ?? (filters[k] === undefined ? "" : String(filters[k]));
  // The loader's refusal of the filters in the URL is the answer: its field errors show beside the fields.
  const answer = useMemo(
    () => (Object.keys(errors).length > 0 ? failedAnswer(undefined, errors) : undefined),
    [errors],
  );
  const { errors: shown, props } = useForm({ answer, schema: orderFiltersSchema, toast: false });
  const f = (k: string) => ({ id: `filter-${k}`, name: k, error: shown[k], className: "gap-1.5" });
  const anyFilter = Object.keys(raw).some((k) => k !== "page" && k !== "order" && raw[k]);
  const navigate = useNavigate();
  // Exports are for roles with the exports permission (the Owner, Accounts): no link the server would refuse.
  const canExport = useCan("exports");
  // The filters sit behind one "Filters" control (issue 27): closed on phones, so the first order is near
  // the top; opened at once on wider screens, and whenever one of them has an error.
  const on = FILTER_KEYS.filter((k) => raw[k] && !(k === "show" && raw[k] === "orders")).length;
  const filterError = FILTER_KEYS.some((k) => shown[k]);
  const panel = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (panel.current && (filterError || window.matchMedia("(min-width: 640px)").matches))
      panel.current.open = true;
  }, [filterError]);
  return (
    <Form
      method="get"
      // With JavaScript: leave empty fields out of the URL (a new search starts at page 1).
      onSubmit={(e) => {
        e.preventDefault();
        const q = new URLSearchParams();
        for (const [k, v] of new FormData(e.currentTarget))
          if (typeof v === "string" && v.trim() && !(k === "show" && v === "orders")) q.set(k, v.trim());
        void navigate(`?${q.toString()}`);
      }}
      className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
      role="search"
      aria-label="Find orders"
      onChange={props.onChange}
      onBlur={props.onBlur}
    >
      <Field {...f("q")} label="Search" className="gap-1.5 sm:col-span-2">
        {(control) => (
          <Input
            {...control}
            type="search"
            defaultValue={value("q")}
            placeholder="Order ID, name, phone or email"
            maxLength={100}
          />
        )}
      </Field>
      <details ref={panel} className="group sm:col-span-2 lg:col-span-4">
        <summary className="inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-input px-4 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          Filters
          {on > 0 ? (
            <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground">{on} on</span>
          ) : null}
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field {...f("status")} label="Status">
            {(control) => (
              <select {...control} defaultValue={value("status")} className={selectClass}>
                <option value="">All statuses</option>
                {ORDER_STATUS_IDS.map((s) => (
                  <option key={s} value={s}>
                    {ORDER_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field {...f("method")} label="Payment method">
            {(control) => (
              <select {...control} defaultValue={value("method")} className={selectClass}>
                <option value="">All methods</option>
                <option value="cod">COD</option>
                <option value="razorpay">Online Payment</option>
              </select>
            )}
          </Field>
          <Field {...f("payment")} label="Payment status">
            {(control) => (
              <select {...control} defaultValue={value("payment")} className={selectClass}>
                <option value="">All payment statuses</option>
                {PAYMENT_STATUS_IDS.map((s) => (
                  <option key={s} value={s}>
                    {PAYMENT_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field {...f("show")} label="Show">
            {(control) => (
              <select {...control} defaultValue={value("show") || "orders"} className={selectClass}>
                {ORDER_VIEWS.map((v) => (
                  <option key={v} value={v}>
                    {ORDER_VIEW_LABELS[v]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field {...f("from")} label="From date">
            {(control) => <Input {...control} type="date" defaultValue={value("from")} />}
          </Field>
          <Field {...f("to")} label="To date">
            {(control) => <Input {...control} type="date" defaultValue={value("to")} />}
          </Field>
        </div>
      </details>
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
        {anyFilter ? (
          <Link to="?" className={buttonVariants({ variant: "outline" })}>
            <X aria-hidden="true" />
            Clear filters
          </Link>
        ) : null}
        {canExport ? (
          <a href={exportHref} className={cn(buttonVariants({ variant: "outline" }), "sm:ml-auto")} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        ) : null}
      </div>
      <FieldError id="filter-page-error" message={shown.page} />
    </Form>
  );
}

/** "3 abandoned online attempts are not shown. Show them": the default view says what it hides. */
export function HiddenAttemptsNote({ filters, hidden }: { filters: OrderFilters; hidden: number | null }) {
  if (!hidden) return null;
  const href = `?${orderFiltersToQuery(filters, { show: "attempts", page: 1 }).toString()}`;
  return (
    <p className="pt-3 text-sm text-muted-foreground">
      {hidden.toLocaleString("en-IN")} abandoned online {hidden === 1 ? "attempt is" : "attempts are"} not
      shown (online payment never made).{" "}
      <Link to={href} className="font-medium text-primary underline-offset-4 hover:underline">
        Show them
      </Link>
    </p>
  );
}

/** Previous / next links that keep the filters. */
export function OrderPagination({
  filters,
  page,
  pageCount,
  total,
}: {
  filters: OrderFilters;
  page: number;
  pageCount: number;
  total: number;
}) {
  if (total === 0) return null;
  const href = (p: number) => `?${orderFiltersToQuery(filters, { page: p }).toString()}`;
  const linkClass = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <nav className="flex flex-wrap items-center justify-between gap-2 pt-4" aria-label="Pages">
      <p className="text-sm text-muted-foreground">
        {total.toLocaleString("en-IN")} {total === 1 ? "order" : "orders"} · Page {page} of {pageCount}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={href(page - 1)} className={linkClass} rel="prev">
            <ChevronLeft aria-hidden="true" />
            Previous
          </Link>
        ) : (
          <span className={cn(linkClass, "pointer-events-none opacity-50")} aria-disabled="true">
            <ChevronLeft aria-hidden="true" />
            Previous
          </span>
        )}
        {page < pageCount ? (
          <Link to={href(page + 1)} className={linkClass} rel="next">
            Next
            <ChevronRight aria-hidden="true" />
          </Link>
        ) : (
          <span className={cn(linkClass, "pointer-events-none opacity-50")} aria-disabled="true">
            Next
            <ChevronRight aria-hidden="true" />
          </span>
        )}
      </div>
    </nav>
  );
}
