import { Minus, Plus, ShoppingBag, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from "~/ui/sheet";
import {
  describeCustomSign,
  describeProductConfig,
  lineSummary,
} from "~/features/sign-options/line-description";
import { formatRupees } from "~/shared/money";
import { cart, useCart } from "~/features/cart/ui/cart-store";
import { PinDelivery } from "~/features/couriers/ui/pin-delivery";
import { madeToOrderText } from "~/features/catalog/product-facts";
import { LinePicture } from "./line-picture";
import { useMadeToOrderDays } from "./use-made-to-order";

/** The cart panel that slides in from the right. Focus stays inside while it is open (Radix dialog). */
export function CartDrawer() {
  const { items, isOpen, totalItems, totalPrice } = useCart();
  const close = () => cart.close();
  // Lines made to order (stock short): their extra making days, from the checkout's own quote.
  const madeToOrder = useMadeToOrderDays(items, isOpen);
  const extraDays = Math.max(0, ...madeToOrder.values());
  return (
    <Sheet open={isOpen} onOpenChange={(open) => (open ? cart.open() : cart.close())}>
      <SheetContent
        side="right"
        className="w-full p-0 sm:max-w-md"
        onCloseAutoFocus={(e) => {
          const el = cart.takeReturnFocus();
          if (el) {
            e.preventDefault();
            el.focus();
          }
        }}
      >
        <SheetHeader className="border-b p-6">
          <SheetTitle className="flex items-center gap-3">
            Shopping Cart{" "}
            <Badge variant="secondary">{`${totalItems} ${totalItems === 1 ? "item" : "items"}`}</Badge>
          </SheetTitle>
          <SheetDescription className="sr-only">The items in your cart</SheetDescription>
        </SheetHeader>
        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
            <ShoppingBag className="size-12 text-muted-foreground" aria-hidden />
            <p className="text-lg font-medium">Your cart is empty</p>
            <Button asChild>
              <Link to="/products" onClick={close}>
                Start Shopping
              </Link>
            </Button>
          </div>
        ) : (
          <>
            <ul className="flex-1 space-y-4 overflow-y-auto px-6" aria-label="Cart items">
              {items.map((item) => (
                <li key={item.id} className="flex gap-3 rounded-lg border p-3">
                  <LinePicture item={item} px={64} className="size-16" />
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex items-start justify-between gap-2">
                      <p className="line-clamp-2 text-sm font-medium">{item.name}</p>
                      <button
                        type="button"
                        onClick={() => cart.remove(item.id)}
                        className="rounded p-1 text-muted-foreground hover:text-destructive"
                        aria-label={`Remove ${item.name}`}
                      >
                        <Trash2 className="size-4" />
                      </button>
                    </div>
                    {item.type === "custom" && item.customConfig && (
                      <p className="text-xs text-muted-foreground">
                        {lineSummary(describeCustomSign(item.customConfig))}
                      </p>
                    )}
                    {item.type === "product" && item.productConfig && (
                      <p className="text-xs text-muted-foreground">
                        {lineSummary(describeProductConfig(item.productConfig))}
                      </p>
                    )}
                    {madeToOrder.get(item.id) ? (
                      <p className="text-xs text-amber-300">{madeToOrderText(madeToOrder.get(item.id)!)}</p>
                    ) : null}
                    <div className="flex items-center justify-between">
                      <span className="font-semibold">{formatRupees(item.price)}</span>
                      <div className="flex items-center gap-2">
                        <Button
                          variant="outline"
                          size="icon"
                          className="size-8"
                          onClick={() => cart.updateQuantity(item.id, item.quantity - 1)}
                          aria-label={`Decrease quantity of ${item.name}`}
                        >
                          <Minus />
                        </Button>
                        <span className="w-6 text-center text-sm" aria-label="Quantity">
                          {item.quantity}
                        </span>
                        <Button
                          variant="outline"
                          size="icon"
                          className="size-8"
                          onClick={() => cart.updateQuantity(item.id, item.quantity + 1)}
                          aria-label={`Increase quantity of ${item.name}`}
                        >
                          <Plus />
                        </Button>
                      </div>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <SheetFooter className="border-t p-6">
              {/* A custom sign in the cart: its making days hold the whole parcel. */}
              <PinDelivery custom={items.some((i) => i.type === "custom")} extraDays={extraDays} />
              <div className="flex items-center justify-between text-lg font-semibold">
                <span>Total:</span>
                <span>{formatRupees(totalPrice)}</span>
              </div>
              <Button asChild size="lg">
                <Link to="/checkout" onClick={close}>
                  Proceed to Checkout
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/products" onClick={close}>
                  Continue Shopping
                </Link>
              </Button>
            </SheetFooter>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
