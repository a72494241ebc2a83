import { ListTodo } from "lucide-react";
import { Link } from "react-router";
import { ORDER_TODO_HINTS, ORDER_TODO_LABELS } from "~/features/order-lifecycle/owner-todo";
import { orderFiltersToQuery, type OrderFilters } from "~/features/orders/order-filters";

/** Which of the owner's to-dos the list shows (the dashboard's queue links here), and the way back to all. */
export function TodoFilterNote({ filters, total }: { filters: OrderFilters; total: number }) {
  if (!filters.todo) return null;
  const all = orderFiltersToQuery({ ...filters, todo: undefined }, { page: 1 }).toString();
  return (
    <p
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-primary/60 p-3 text-sm"
    >
      <ListTodo className="size-4 text-primary" aria-hidden="true" />
      <span>
        <span className="font-medium">
          To do: {ORDER_TODO_LABELS[filters.todo]} ({total.toLocaleString("en-IN")})
        </span>
        <span className="text-muted-foreground"> · {ORDER_TODO_HINTS[filters.todo]}</span>
      </span>
      <Link to={`?${all}`} className="font-medium text-primary underline-offset-4 hover:underline">
        Show all
      </Link>
    </p>
  );
}
