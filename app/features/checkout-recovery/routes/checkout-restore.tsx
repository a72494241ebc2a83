import { Loader2 } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { cart } from "~/features/cart/ui/cart-store";
import { keepContactForCheckout } from "~/features/checkout/ui/contact-prefill";
import { LinePicture } from "~/features/checkout/ui/line-picture";
import { restoreLoader } from "~/features/checkout-recovery/routes/recovery-links.server";
import { savedLineDetails } from "~/features/checkout-recovery/recovery-emails";
import { formatRupees } from "~/shared/money";
import { Button } from "~/ui/button";
import { PrivateLinkErrorPage } from "~/ui/error-page";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/checkout-restore";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Your cart",
    description: "Your saved cart.",
    path: "/checkout",
    noindex: true,
  });

/** /checkout/restore/:token (a cart reminder's link): the saved cart, put back into this browser's cart. */
export function loader({ params, context }: Route.LoaderArgs) {
  return restoreLoader(params.token ?? "", context);
}

export default function RestorePage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { items, contact } = loaderData;
  useEffect(() => {
    let live = true;
    void (async () => {
      // The saved cart replaces this browser's cart, line by line through the cart's own store.
      await cart.clear();
      for (const { quantity, ...line } of items) {
        await cart.add(line);
        if (quantity > 1) await cart.updateQuantity(line.id, quantity);
      }
      await cart.settled();
      // The contact typed beside the cart goes back into the checkout's empty fields (issue 42).
      keepContactForCheckout(contact);
      if (live) await navigate("/checkout", { replace: true });
    })();
    return () => {
      live = false;
    };
  }, [items, contact, navigate]);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12">
      <h1 className="text-2xl font-bold">Welcome back: your cart is here</h1>
      <ul className="grid gap-3" aria-label="Your saved cart">
        {items.map((i) => (
          <li key={i.id} className="flex items-center gap-3 rounded-lg border p-3">
            <LinePicture item={i} px={64} className="size-16" />
            <div className="grid gap-0.5 text-sm">
              <span className="font-medium">{i.name}</span>
              <span className="text-muted-foreground">{savedLineDetails(i)}</span>
              <span>
                {i.quantity} × {formatRupees(i.price)}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <p className="flex items-center text-muted-foreground" role="status">
        <Loader2 className="mr-2 size-4 animate-spin" aria-hidden /> Putting it back in your cart...
      </p>
      <Button asChild>
        <Link to="/checkout">Continue to checkout</Link>
      </Button>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PrivateLinkErrorPage
      error={error}
      notFound={{
        title: "This cart link has expired",
        text: "Saved carts are kept for a limited time, and removed when you unsubscribe.",
      }}
      action={
        <Button asChild>
          <Link to="/products">Continue Shopping</Link>
        </Button>
      }
    />
  );
}
