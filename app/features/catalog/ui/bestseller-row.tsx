import { ImageOff, Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { ReorderButtons } from "~/features/catalog/ui/reorder-buttons";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Label } from "~/ui/label";
import { Switch } from "~/ui/switch";
import type { AdminActionData } from "~/shared/admin-forms";
import { imageAttrs } from "~/shared/images";
import { useImageBase } from "~/ui/image-base";
import { formatRupees } from "~/shared/money";
import { useActionResult } from "~/ui/use-action-result";
import type { AdminBestseller } from "~/features/catalog/admin-bestsellers.server";

/** One fetcher for removals, shared by the rows and the page (which shows its answer). */
export const REMOVE_BESTSELLER_FETCHER = "bestseller-remove";

/** One product of the bestselling list: position, picture, price and badge, active switch, order, remove. */
export function BestsellerRow({
  item,
  index,
  length,
}: {
  item: AdminBestseller;
  index: number;
  length: number;
}) {
  const imageBase = useImageBase();
  const toggle = useFetcher<AdminActionData>();
  // Keyed: the row is gone once the removal commits (the live refresh can remove it first), so the page
  // shows this fetcher's answer (REMOVE_BESTSELLER_FETCHER), not the row.
  const remove = useFetcher<AdminActionData>({ key: REMOVE_BESTSELLER_FETCHER });
  useActionResult(toggle.data);
  const pendingActive = toggle.formData?.get("isActive");
  const active =
    pendingActive === undefined || pendingActive === null ? item.isActive : pendingActive === "true";
  const switchId = `bestseller-active-${item.id}`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap">
      <span className="w-6 shrink-0 text-center text-sm tabular-nums text-muted-foreground">
        <span className="sr-only">Position </span>
        {index + 1}
      </span>
      {item.image ? (
        <img
          {...imageAttrs(item.image, 320, imageBase)}
          sizes="56px"
          alt=""
          className="size-14 shrink-0 rounded object-cover"
          loading="lazy"
        />
      ) : (
        <span
          className="flex size-14 shrink-0 items-center justify-center rounded bg-muted"
          aria-hidden="true"
        >
          <ImageOff className="size-5 text-muted-foreground" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{item.productName}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span className="tabular-nums">{formatRupees(item.mediumPrice)}</span>
          <Badge variant="outline">{item.badgeText}</Badge>
          {item.productActive ? null : <Badge variant="secondary">Product inactive</Badge>}
        </p>
      </div>
      <div className="flex w-full items-center justify-end gap-3 sm:w-auto">
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={active}
            onCheckedChange={(checked) =>
              void toggle.submit(
                { intent: "toggle", id: item.id, isActive: String(checked) },
                { method: "post" },
              )
            }
          />
          <Label htmlFor={switchId} className="w-16">
            {active ? "Active" : "Inactive"}
          </Label>
        </div>
        <ReorderButtons id={item.id} index={index} length={length} label={item.productName} />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove ${item.productName}`}
          disabled={remove.state !== "idle"}
          onClick={() => void remove.submit({ intent: "remove", id: item.id }, { method: "post" })}
          className="text-red-400 hover:text-red-300"
        >
          <Trash2 />
        </Button>
      </div>
    </li>
  );
}
