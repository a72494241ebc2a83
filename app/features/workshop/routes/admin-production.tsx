import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { PRODUCTION_STAGES, STAGE_LABELS } from "~/features/workshop/production-board";
import { ProductionCard } from "~/features/workshop/ui/production-card";
import { adminProductionAction, adminProductionLoader } from "./admin-production.server";
import type { Route } from "./+types/admin-production";

export const meta: Route.MetaFunction = () => adminMeta("Production");

export function loader({ request }: Route.LoaderArgs) {
  return adminProductionLoader(request);
}

export function action(args: Route.ActionArgs) {
  return adminProductionAction(args);
}

/** Tables whose changes reload the board (each move writes the order's history). */
const LIVE_TABLES = ["orders", "custom_neon_orders", "order_status_history"] as const;

/** "1 making day" / "2 making days". */
const days = (n: number) => `${n} making ${n === 1 ? "day" : "days"}`;

/**
 * The production board (issue 44): every line to make in four columns, side by side on a desktop and one
 * under another on a phone; late and at-risk cards say so in words.
 */
export default function AdminProduction({ loaderData }: Route.ComponentProps) {
  const { board } = loaderData;
  const load =
    board.extraDays > 0
      ? `New custom and made-to-order promises add ${days(board.extraDays)}.`
      : "New promises add no making days.";
  return (
    <AdminPage
      title="Production"
      description="Every sign to make, from cutting to packing. Move a card when its step is done."
      liveTables={LIVE_TABLES}
    >
      <p className="rounded-md border bg-muted/40 p-3 text-sm" aria-label="Workshop load">
        <span className="font-medium">Load: {board.waitingMetres.toFixed(2)} m of flex waiting</span> ·
        capacity {board.capacityMetresPerDay} m a day. {load}
      </p>
      <div className="grid gap-4 lg:grid-cols-4">
        {PRODUCTION_STAGES.map((stage) => {
          const cards = board.cards.filter((c) => c.stage === stage);
          return (
            <section
              key={stage}
              aria-labelledby={`column-${stage}`}
              className="flex min-w-0 flex-col gap-3 rounded-lg border bg-muted/30 p-3"
            >
              <h2 id={`column-${stage}`} className="font-semibold">
                {STAGE_LABELS[stage]} <span className="text-muted-foreground">({cards.length})</span>
              </h2>
              {cards.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing here.</p>
              ) : (
                <ul className="grid min-w-0 gap-3" aria-label={STAGE_LABELS[stage]}>
                  {cards.map((c) => (
                    <li key={c.key} className="min-w-0">
                      <ProductionCard card={c} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </AdminPage>
  );
}
