import { ExternalLink } from "lucide-react";
import { ActiveSwitch, DeleteButton, useActiveToggle } from "~/features/admin-shell/ui/row-actions";
import { PromotionSelect, type PromotionOption } from "~/features/catalog/ui/promotion-select";
import { ReorderButtons } from "~/features/catalog/ui/reorder-buttons";
import { Badge } from "~/ui/badge";
import { imageAttrs } from "~/shared/images";
import { useImageBase } from "~/ui/image-base";
import { useFetcherForm } from "~/ui/use-form";
import type { AdminBanner } from "~/features/catalog/admin-banners.server";

/** One fetcher for removals, shared by the rows and the page (which shows its answer). */
export const REMOVE_BANNER_FETCHER = "banner-remove";

const promotionValue = (b: AdminBanner) =>
  b.discountCodeId ? `code:${b.discountCodeId}` : b.offerId ? `offer:${b.offerId}` : "";

/** One banner of the list: picture, position, state, link, what it promises, active switch, order, delete. */
export function BannerRow({
  banner,
  index,
  length,
  promotions,
}: {
  banner: AdminBanner;
  index: number;
  length: number;
  promotions: PromotionOption[];
}) {
  const imageBase = useImageBase();
  const toggle = useActiveToggle(banner.id, banner.isActive);
  const { active } = toggle;
  const promote = useFetcherForm().fetcher;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <img
        {...imageAttrs(banner, 640, imageBase)}
        sizes="(min-width: 640px) 288px, 100vw"
        alt=""
        className="h-auto w-full shrink-0 rounded-md border sm:w-72"
        loading="lazy"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{banner.title}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span className="tabular-nums">Position {index + 1}</span>
          <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>
          {banner.linkUrl ? (
            <a
              href={banner.linkUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 break-all underline underline-offset-2"
            >
              {banner.linkUrl} <ExternalLink className="size-3" aria-hidden="true" />
            </a>
          ) : (
            <span>No link</span>
          )}
        </p>
        <label className="mt-2 flex max-w-md flex-col gap-1 text-sm">
          <span className="text-muted-foreground">Promises</span>
          <PromotionSelect
            options={promotions}
            aria-label={`${banner.title} promises`}
            value={(promote.formData?.get("promotion") as string | null) ?? promotionValue(banner)}
            onChange={(e) =>
              void promote.submit(
                { intent: "promote", id: banner.id, promotion: e.currentTarget.value },
                { method: "post" },
              )
            }
          />
        </label>
      </div>
      <div className="flex items-center justify-end gap-3">
        <ActiveSwitch
          toggle={toggle}
          id={`banner-active-${banner.id}`}
          aria-label={`${banner.title} active`}
        />
        <ReorderButtons id={banner.id} index={index} length={length} label={banner.title} />
        {/* Keyed: the row is gone once the delete commits (the live refresh can remove it first), so the
            page shows this fetcher's answer (REMOVE_BANNER_FETCHER), not the row. */}
        <DeleteButton
          id={banner.id}
          label={`Delete ${banner.title}`}
          fetcherKey={REMOVE_BANNER_FETCHER}
          confirm={{
            question: "Are you sure you want to delete this banner?",
            details: `"${banner.title}" and its image will be deleted. This cannot be undone.`,
          }}
        />
      </div>
    </li>
  );
}
