import { ActiveSwitch, DeleteButton, useActiveToggle } from "~/features/admin-shell/ui/row-actions";
import { Thumbnail } from "~/features/admin-shell/ui/thumbnail";
import { ReorderButtons } from "~/features/catalog/ui/reorder-buttons";
import { Badge } from "~/ui/badge";
import { HOME_BESTSELLERS } from "~/features/catalog/catalog";
import { Label } from "~/ui/label";
import { formatRupees } from "~/shared/money";
import type { AdminBestseller } from "~/features/catalog/admin-bestsellers.server";

/** One fetcher for removals, shared by the rows and the page (which shows its answer). */
export const REMOVE_BESTSELLER_FETCHER = "bestseller-remove";

/** One product of the bestselling list: position, picture, price and badge, active switch, order, remove. */
export function BestsellerRow({
  item,
  index,
  length,
  notShown = false,
}: {
  item: AdminBestseller;
  index: number;
  length: number;
  /** Active, but after the ones the home page has room for. */
  notShown?: boolean;
}) {
  const toggle = useActiveToggle(item.id, item.isActive);
  const switchId = `bestseller-active-${item.id}`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap">
      <span className="w-6 shrink-0 text-center text-sm tabular-nums text-muted-foreground">
        <span className="sr-only">Position </span>
        {index + 1}
      </span>
      <Thumbnail image={item.image} px={56} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{item.productName}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span className="tabular-nums">{formatRupees(item.mediumPrice)}</span>
          <Badge variant="outline">{item.badgeText}</Badge>
          {item.productActive ? null : <Badge variant="secondary">Product inactive</Badge>}
          {notShown ? (
            <Badge variant="secondary">{`Not on the home page: only the first ${HOME_BESTSELLERS} show`}</Badge>
          ) : null}
        </p>
      </div>
      <div className="flex w-full items-center justify-end gap-3 sm:w-auto">
        <div className="flex items-center gap-2">
          <ActiveSwitch toggle={toggle} id={switchId} />
          <Label htmlFor={switchId} className="w-16">
            {toggle.active ? "Active" : "Inactive"}
          </Label>
        </div>
        <ReorderButtons id={item.id} index={index} length={length} label={item.productName} />
        {/* Keyed: the row is gone once the removal commits (the live refresh can remove it first), so the
            page shows this fetcher's answer (REMOVE_BESTSELLER_FETCHER), not the row. */}
        <DeleteButton
          id={item.id}
          intent="remove"
          label={`Remove ${item.productName}`}
          fetcherKey={REMOVE_BESTSELLER_FETCHER}
        />
      </div>
    </li>
  );
}
