import { Loader2, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/ui/button";

/** What the checkout shows until the shop's settings and the cart's summary are there. */
export function CheckoutLoading() {
  return (
    <div className="mx-auto flex min-h-screen max-w-7xl items-start justify-center px-4 py-24 text-muted-foreground">
      <Loader2 className="mr-2 size-5 animate-spin" aria-hidden /> Loading checkout...
    </div>
  );
}

/** The checkout of an empty cart: back to the products. */
export function CheckoutCartEmpty() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <ShoppingBag className="size-14 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-bold">Your cart is empty</h1>
      <p className="text-muted-foreground">Add some items to your cart before proceeding to checkout.</p>
      <Button asChild>
        <Link to="/products">Continue Shopping</Link>
      </Button>
    </div>
  );
}
