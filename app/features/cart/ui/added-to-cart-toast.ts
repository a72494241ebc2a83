import { toast } from "~/ui/toast";
import { cart } from "~/features/cart/ui/cart-store";

/** The "Added to Cart!" toast and its two ways on (loaded on first use by `showAddedToCart`). */
export function toastAddedToCart(description: string, goToCheckout: () => void): void {
  toast.success("Added to Cart!", {
    description,
    secondaryAction: { label: "View cart", onClick: () => cart.open() },
    action: { label: "Checkout", onClick: goToCheckout },
  });
}
