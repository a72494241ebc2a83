import { Menu, ShoppingCart, X } from "~/ui/icons";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { cart, useCart } from "~/features/cart/ui/cart-store";
import { clientLink } from "~/ui/client-navigation";
import { cn } from "~/ui/utils";

const NAV = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Products" },
  { to: "/customize", label: "Customize Your Neon" },
  { to: "/contact", label: "Contact" },
];

export function SiteHeader({ storeName }: { storeName: string }) {
  const { totalItems } = useCart();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  // Plain links navigated in the app (app/ui/client-navigation.ts), marked current as <NavLink> would.
  const isActive = (to: string) =>
    to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
  const navLink = (to: string, extra?: string) => ({
    ...clientLink(to),
    "aria-current": isActive(to) ? ("page" as const) : undefined,
    className: cn(
      "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-primary",
      isActive(to) ? "text-primary" : "text-foreground",
      extra,
    ),
  });

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <a {...clientLink("/")} className="flex items-center gap-2" aria-label={`${storeName} home`}>
          <img src="/favicon.svg" alt="" width={32} height={32} fetchPriority="low" className="size-8" />
          <span className="neon-text text-xl font-extrabold tracking-wide text-primary">{storeName}</span>
        </a>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((n) => (
            <a key={n.to} {...navLink(n.to)}>
              {n.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => cart.open()}
            className="relative rounded-md p-2 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={
              totalItems > 0 ? `Cart, ${totalItems} ${totalItems === 1 ? "item" : "items"}` : "Cart"
            }
          >
            <ShoppingCart className="size-6" />
            {totalItems > 0 && (
              <span
                data-testid="cart-count"
                className="absolute -right-1 -top-1 flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-bold text-primary-foreground"
              >
                {totalItems}
              </span>
            )}
          </button>
          <button
            type="button"
            className="rounded-md p-2 hover:bg-accent md:hidden"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X className="size-6" /> : <Menu className="size-6" />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t bg-background px-4 py-2 md:hidden">
          {NAV.map((n) => (
            <a key={n.to} {...navLink(n.to, "block py-3")}>
              {n.label}
            </a>
          ))}
        </nav>
      )}
    </header>
  );
}
