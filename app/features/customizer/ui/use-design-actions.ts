import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/ui/toast";
import type { NeonPreviewHandle } from "~/features/customizer/ui/neon-preview";
import {
  designProblem,
  designToQuery,
  displayText,
  previewFileName,
  priceDesign,
  type Design,
} from "~/features/customizer/customizer";
import { blockingReason, checkDesign } from "~/features/customizer/design-checks";
import { measuredChecksFor } from "./use-measured-checks";
import { cart } from "~/features/cart/ui/cart-store";
import { buyNowPlan } from "~/features/customizer/buy-now";
import { attachedWallPhoto } from "~/features/customizer/wall-photo-attachment";

/**
 * What the customiser's buttons do with the design: Add to Cart, Buy Now, download the preview, copy the
 * design's link; and which of them is at work. The handlers are stable and read the design of the moment
 * they are pressed, so a keystroke's render does not redraw the buttons (issue 33).
 */
export function useDesignActions(design: Design, preview: RefObject<NeonPreviewHandle | null>) {
  const [busy, setBusy] = useState<"cart" | "buy" | "download" | null>(null);
  const navigate = useNavigate();

  // The buttons' handlers read the design of the moment they are pressed.
  const designNow = useRef(design);
  useLayoutEffect(() => {
    designNow.current = design;
  });

  const onAddToCart = useCallback(async () => {
    setBusy("cart");
    try {
      if (await addDesignToCart(designNow.current, preview.current))
        // The toast's buttons load with the toaster, not with the page.
        void import("~/features/cart/ui/added-to-cart-toast").then((m) =>
          m.toastAddedToCart(
            "Your custom neon design has been added to cart.",
            () => void navigate("/checkout"),
          ),
        );
    } finally {
      setBusy(null);
    }
  }, [navigate, preview]);

  const onBuyNow = useCallback(async () => {
    setBusy("buy");
    try {
      // The design once: when the cart already holds it (e.g. after Add to Cart), it is not added again.
      await cart.settled();
      const { alreadyInCart } = buyNowPlan(cart.snapshot().items, designNow.current);
      if (alreadyInCart || (await addDesignToCart(designNow.current, preview.current)))
        await navigate("/checkout");
    } finally {
      setBusy(null);
    }
  }, [navigate, preview]);

  const onDownload = useCallback(async () => {
    setBusy("download");
    try {
      const blob = await preview.current!.captureDownload();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = previewFileName(designNow.current.text);
      document.body.append(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success("Downloaded!", { description: "Preview image has been downloaded successfully." });
    } catch {
      toast.error("Error", { description: "Failed to capture preview image." });
    } finally {
      setBusy(null);
    }
  }, [preview]);

  const onCopyLink = useCallback(async () => {
    const link = `${window.location.origin}/customize?${designToQuery(designNow.current)}`;
    try {
      await navigator.clipboard.writeText(link);
      toast.success("Link Copied!", { description: "Your design link has been copied to clipboard." });
    } catch {
      toast.error("Error", { description: "Failed to copy link." });
    }
  }, []);

  return { busy, onAddToCart, onBuyNow, onDownload, onCopyLink };
}

/** The design as a cart line, its thumbnail drawn by the preview; false (with a toast) when it cannot be ordered. */
async function addDesignToCart(design: Design, preview: NeonPreviewHandle | null): Promise<boolean> {
  const problem = designProblem(design);
  if (problem) {
    toast.error("Error", { description: problem });
    return false;
  }
  // The server's answer on the measured letters decides; without it (offline), the estimate.
  const measured = await measuredChecksFor(design);
  const blocked = blockingReason(measured?.checks ?? checkDesign(design));
  if (blocked) {
    toast.error("Cannot be made", { description: blocked });
    return false;
  }
  const image = (await preview?.captureThumbnail(160).catch(() => null)) ?? "/placeholder.svg";
  const wallPhoto = await attachedWallPhoto();
  const text = displayText(design.text);
  await cart.add({
    id: `custom-${Date.now()}`,
    name: `Custom Neon: "${text}"`,
    price: priceDesign(design).total,
    image,
    type: "custom",
    customConfig: {
      text,
      font: design.font,
      color: design.color,
      size: design.size,
      hasDimmer: design.hasDimmer,
      backingShape: design.backingShape,
      previewImageUrl: image,
      ...(wallPhoto ? { wallPhotoUrl: wallPhoto } : {}),
    },
  });
  return true;
}
