import { CheckCircle2, Circle, Rocket } from "lucide-react";
import { Link } from "react-router";
import type { GoLiveItem } from "~/features/dashboard/go-live";
import { Button } from "~/ui/button";
import { useFetcherForm } from "~/ui/use-form";
import { cn } from "~/ui/utils";
import { ListCard } from "./dashboard-sections";

const TOAST = { ok: "Checklist updated", failed: "Could not update the checklist" };

/** One of the owner's answers: a form of its own (works without JS too). */
function TickForm({ tick }: { tick: NonNullable<GoLiveItem["tick"]> }) {
  const form = useFetcherForm({ toast: TOAST });
  return (
    <form.fetcher.Form method="post" className="mt-2" {...form.props}>
      <input type="hidden" name="intent" value="go-live-tick" />
      <input type="hidden" name="item" value={tick.item} />
      <Button
        type="submit"
        name="ticked"
        value={tick.ticked ? "no" : "yes"}
        variant="outline"
        size="sm"
        aria-pressed={tick.ticked}
        disabled={form.pending}
      >
        {tick.ticked ? <CheckCircle2 aria-hidden="true" /> : <Circle aria-hidden="true" />}
        {tick.label}
      </Button>
    </form.fetcher.Form>
  );
}

function ItemRow({ item }: { item: GoLiveItem }) {
  const external = item.href.startsWith("http");
  return (
    <li className="flex gap-3 border-b py-3 last:border-b-0">
      {item.done ? (
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-400" aria-label="Done" />
      ) : (
        <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-label="To do" />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium">{item.label}</p>
        <p className={cn("text-sm break-words", item.done ? "text-muted-foreground" : "")}>{item.detail}</p>
        <div className="flex flex-wrap items-center gap-x-4">
          {external ? (
            <a href={item.href} className="text-sm font-medium text-primary underline" rel="noreferrer">
              Where to get it
            </a>
          ) : (
            <Link to={item.href} className="text-sm font-medium text-primary underline">
              {item.linkLabel ?? (item.done ? "Change" : "Fill it in")}
            </Link>
          )}
          {item.tick ? <TickForm tick={item.tick} /> : null}
        </div>
      </div>
    </li>
  );
}

/**
 * The go-live checklist (issue 27): a card at the top of the dashboard until every item is done, then a short
 * line that still opens it.
 */
export function GoLiveChecklist({ items, done }: { items: GoLiveItem[]; done: boolean }) {
  const left = items.filter((i) => !i.done).length;
  const list = (
    <ul aria-label="Go-live checklist" className="grid">
      {items.map((i) => (
        <ItemRow key={i.id} item={i} />
      ))}
    </ul>
  );
  if (done)
    return (
      <section id="go-live" aria-label="Go-live checklist" className="rounded-md border p-3 text-sm">
        <details>
          <summary className="cursor-pointer">
            <CheckCircle2 className="mr-1 inline size-4 text-emerald-400" aria-hidden="true" />
            Go-live checklist: all done
          </summary>
          {list}
        </details>
      </section>
    );
  return (
    <section id="go-live" aria-label="Go-live checklist">
      <ListCard
        title={
          <>
            <Rocket className="size-5 text-primary" aria-hidden="true" />
            Before you open: {left} of {items.length} left
          </>
        }
        description="What shoppers, couriers and the tax office need from you. Each item links to where you fill it in."
      >
        {list}
      </ListCard>
    </section>
  );
}
