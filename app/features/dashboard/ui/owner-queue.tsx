import { ChevronRight, ListTodo } from "lucide-react";
import { Link } from "react-router";
import { formatRupees } from "~/shared/money";
import type { TodoLine } from "~/features/dashboard/routes/dashboard-queue.server";
import { cn } from "~/ui/utils";
import { ListCard } from "./dashboard-sections";

/** The owner's to-do queue (issue 27): each count one click from the filtered list. */
export function OwnerQueue({ todos }: { todos: TodoLine[] }) {
  const waiting = todos.reduce((n, t) => n + t.count, 0);
  return (
    <ListCard
      title={
        <>
          <ListTodo className="size-5 text-primary" aria-hidden="true" />
          To do
        </>
      }
      description={waiting > 0 ? `${waiting} waiting on you` : "Nothing is waiting on you."}
    >
      <ul aria-label="To do" className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {todos.map((t) => (
          <li key={t.id}>
            <Link
              to={t.href}
              className={cn(
                "flex min-h-14 items-center gap-3 rounded-md border px-3 py-2 hover:bg-muted",
                t.alert ? "border-red-500/70" : t.count > 0 ? "border-primary/60" : "opacity-75",
              )}
            >
              <span
                className={cn(
                  "min-w-8 rounded-full px-2 py-0.5 text-center text-sm font-bold tabular-nums",
                  t.count > 0 ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground",
                )}
              >
                {t.count}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium">{t.label}</span>
                <span className="block text-xs text-muted-foreground">{t.hint}</span>
                {t.alert ? (
                  <span className="block text-xs font-semibold text-red-500" role="alert">
                    {t.alert}
                  </span>
                ) : null}
              </span>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}

/** "3 test orders (₹4,500) hidden – show": the figures leave test orders out, and say so (issue 27). */
export function HiddenTestOrders({
  hidden,
  range,
}: {
  hidden: { count: number; revenue: number };
  range: number;
}) {
  if (hidden.count === 0) return null;
  return (
    <p role="status" className="rounded-md border border-dashed p-3 text-sm">
      {hidden.count} test {hidden.count === 1 ? "order" : "orders"} ({formatRupees(hidden.revenue)}) hidden
      {" – "}
      <Link to={`?range=${range}&test=1`} preventScrollReset className="font-medium text-primary underline">
        show
      </Link>
    </p>
  );
}
