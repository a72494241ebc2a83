import { Copy, Share2 } from "~/ui/icons";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "~/ui/toast";
import { shareText } from "~/features/catalog/catalog";
import { cn } from "~/ui/utils";

/**
 * 'Share Product': WhatsApp and X links, copy the product's address, or the device share sheet.
 * A small disclosure menu (Escape or a click outside closes it, focus returns to the button);
 * no popover library, because a list page has one of these per card.
 */
export function ShareProduct({
  productId,
  name,
  className,
}: {
  productId: string;
  name: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const [url, setUrl] = useState(`/products/${productId}`);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const text = shareText(name);

  useEffect(() => {
    setUrl(`${window.location.origin}/products/${productId}`);
    setCanShare(typeof navigator.share === "function");
  }, [productId]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    wrapper.current?.querySelector<HTMLElement>("[data-share-item]")?.focus();
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  async function copy() {
    setOpen(false);
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link Copied!", { description: "Product link has been copied to clipboard." });
    } catch {
      toast.error("Error", { description: "Failed to copy link." });
    }
  }

  async function share() {
    setOpen(false);
    try {
      await navigator.share({ title: name, text, url });
    } catch {
      /* a cancelled share is ignored */
    }
  }

  const item =
    "flex w-full items-center gap-2 rounded px-2 py-2 text-left text-sm hover:bg-accent focus-visible:bg-accent";
  return (
    <div ref={wrapper} className={cn("relative", className)}>
      <button
        ref={button}
        type="button"
        aria-label="Share Product"
        title="Share Product"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex size-9 items-center justify-center rounded-md border border-input bg-background/85 shadow-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Share2 className="size-4" aria-hidden />
      </button>
      {open && (
        <div
          id={menuId}
          role="group"
          aria-label="Share Product"
          className="absolute right-0 top-11 z-30 w-56 space-y-1 rounded-md border bg-popover p-2 text-popover-foreground shadow-md"
        >
          <p className="px-2 pb-1 text-sm font-semibold">Share Product</p>
          <a
            data-share-item
            href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
            target="_blank"
            rel="noopener noreferrer"
            className={item}
            onClick={() => setOpen(false)}
          >
            Share on WhatsApp
          </a>
          <a
            href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`}
            target="_blank"
            rel="noopener noreferrer"
            className={item}
            onClick={() => setOpen(false)}
          >
            Share on X
          </a>
          <button type="button" onClick={copy} className={item}>
            <Copy className="size-4" aria-hidden /> Copy Link
          </button>
          {canShare && (
            <button type="button" onClick={share} className={item}>
              <Share2 className="size-4" aria-hidden /> More options
            </button>
          )}
        </div>
      )}
    </div>
  );
}
