import { Copy, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { shareText } from "~/domain/catalog";

/** 'Share Product': WhatsApp and X links, copy the product's address, or the device share sheet. */
export function ShareProduct({ productId, name }: { productId: string; name: string }) {
  const [canShare, setCanShare] = useState(false);
  const [url, setUrl] = useState(`/products/${productId}`);
  useEffect(() => {
    setUrl(`${window.location.origin}/products/${productId}`);
    setCanShare(typeof navigator.share === "function");
  }, [productId]);
  const text = shareText(name);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link Copied!", { description: "Product link has been copied to clipboard." });
    } catch {
      toast.error("Error", { description: "Failed to copy link." });
    }
  }

  async function share() {
    try {
      await navigator.share({ title: name, text, url });
    } catch {
      /* a cancelled share is ignored */
    }
  }

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="icon" className="size-9 bg-background/85" aria-label="Share Product" title="Share Product">
          <Share2 />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-56 space-y-1">
        <p className="px-2 pb-1 text-sm font-semibold">Share Product</p>
        <a
          href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
          target="_blank"
          rel="noopener noreferrer"
          className="block rounded px-2 py-2 text-sm hover:bg-accent"
        >
          Share on WhatsApp
        </a>
        <a
          href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`}
          target="_blank"
          rel="noopener noreferrer"
          className="block rounded px-2 py-2 text-sm hover:bg-accent"
        >
          Share on X
        </a>
        <button type="button" onClick={copy} className="flex w-full items-center gap-2 rounded px-2 py-2 text-left text-sm hover:bg-accent">
          <Copy className="size-4" aria-hidden /> Copy Link
        </button>
        {canShare && (
          <button type="button" onClick={share} className="flex w-full items-center gap-2 rounded px-2 py-2 text-left text-sm hover:bg-accent">
            <Share2 className="size-4" aria-hidden /> More options
          </button>
        )}
      </PopoverContent>
    </Popover>
  );
}
