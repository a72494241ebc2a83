import { useState } from "react";
import { Button } from "~/ui/button";
import { formatRupees } from "~/shared/money";
import type { CartItem } from "~/features/cart/cart";
import { PRODUCT_COLORS, type ProductSizeId } from "~/features/sign-options/product-options";
import { customDesignCartItem } from "~/features/channels/staff-order-lines";
import type { Design } from "~/features/customizer/customizer";
import type { ProductChoice } from "~/features/channels/chat-orders.server";
import type { OpenQuote } from "~/features/logo-quotes/logo-quotes.server";
import { quoteLineLabel, StaffOrderQuote } from "./staff-order-quote";

export const SELECT_CLASS =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * The order's lines: ready-made products (product, size, colour, dimmer, quantity), the custom design the
 * customiser handed over and a priced logo quote. Posted as the cart's own line shape and the quote's id; the
 * server prices them again.
 */
export function StaffOrderLines({
  products,
  design,
  quotes,
  initialQuoteId,
  errors,
}: {
  products: ProductChoice[];
  design: Design | null;
  quotes: OpenQuote[];
  initialQuoteId: string;
  errors: { items?: string | undefined; quoteId?: string | undefined };
}) {
  const error = errors.items;
  const [lines, setLines] = useState<CartItem[]>(() => (design ? [customDesignCartItem(design)] : []));
  const [quoteId, setQuoteId] = useState(initialQuoteId);
  const quote = quotes.find((q) => q.id === quoteId);
  const [productId, setProductId] = useState(products[0]?.id ?? "");
  const product = products.find((p) => p.id === productId);
  const [size, setSize] = useState<ProductSizeId | "">("");
  const [color, setColor] = useState("");
  const [dimmer, setDimmer] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const sizeId = size || product?.sizes[0]?.id || "";
  const sizeChoice = product?.sizes.find((s) => s.id === sizeId);

  function add() {
    if (!product || !sizeChoice) return;
    const c = color || product.defaultColor;
    setLines((l) => [
      ...l,
      {
        id: `${product.id}-${sizeChoice.id}-${c}-${dimmer ? 1 : 0}-${l.length}`,
        name: `${product.name} (${sizeChoice.label}, ${c}${dimmer ? ", dimmer" : ""})`,
        price: sizeChoice.price,
        image: "",
        quantity,
        type: "product",
        productConfig: {
          size: sizeChoice.id,
          color: c,
          brightnessController: dimmer,
          productType: "Standard",
          originalProductId: product.id,
        },
      },
    ]);
    setQuantity(1);
  }

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? "items-error" : undefined}>
      <legend className="mb-2 text-lg font-semibold">Lines</legend>
      <input type="hidden" name="items" value={JSON.stringify(lines)} />
      {lines.length === 0 && !quote ? (
        <p className="text-sm text-muted-foreground">
          No lines yet: add a product below, a custom design from the customiser, or a logo quote.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Order lines">
          {lines.map((l, i) => (
            <li
              key={l.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
            >
              <span>
                {l.quantity} × {l.name}
                {l.type === "product" ? (
                  <span className="text-muted-foreground"> · list price {formatRupees(l.price)} each</span>
                ) : null}
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setLines((x) => x.filter((_, j) => j !== i))}
              >
                Remove
              </Button>
            </li>
          ))}
          {quote ? (
            <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
              <span>
                1 × {quoteLineLabel(quote)}
                <span className="text-muted-foreground"> · quoted {formatRupees(quote.price)}</span>
              </span>
              <Button type="button" variant="outline" size="sm" onClick={() => setQuoteId("")}>
                Remove
              </Button>
            </li>
          ) : null}
        </ul>
      )}
      {error ? (
        <p id="items-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="grid gap-2 rounded-md border border-dashed p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1.4fr_1fr_auto_5rem_auto] lg:items-end">
        <div className="grid gap-1 text-sm">
          <label htmlFor="line-product">Product</label>
          <select
            id="line-product"
            className={SELECT_CLASS}
            value={productId}
            onChange={(e) => {
              setProductId(e.target.value);
              setSize("");
            }}
          >
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.stock > 0 ? ` (${p.stock} in stock)` : p.madeToOrder ? " (made to order)" : " (sold out)"}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1 text-sm">
          <label htmlFor="line-size">Size</label>
          <select
            id="line-size"
            className={SELECT_CLASS}
            value={sizeId}
            onChange={(e) => setSize(e.target.value as ProductSizeId)}
          >
            {product?.sizes.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label} · {formatRupees(s.price)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1 text-sm">
          <label htmlFor="line-colour">Colour</label>
          <select
            id="line-colour"
            className={SELECT_CLASS}
            value={color || product?.defaultColor || ""}
            onChange={(e) => setColor(e.target.value)}
          >
            {PRODUCT_COLORS.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <label className="flex h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={dimmer}
            onChange={(e) => setDimmer(e.target.checked)}
            className="size-5 accent-primary"
          />
          Dimmer
        </label>
        <div className="grid gap-1 text-sm">
          <label htmlFor="line-quantity">Quantity</label>
          <input
            id="line-quantity"
            className={SELECT_CLASS}
            type="number"
            min={1}
            max={999}
            value={quantity}
            onChange={(e) => setQuantity(Math.max(1, Math.min(999, Number(e.target.value) || 1)))}
          />
        </div>
        <Button type="button" variant="secondary" onClick={add} disabled={!sizeChoice}>
          Add line
        </Button>
      </div>
      <p className="text-sm">
        <a className="underline" href="/customize?for=staff" target="_blank" rel="noreferrer">
          Design a custom sign in the customiser
        </a>{" "}
        and press <strong>Use in staff order</strong>: it opens this page with the design as a line.
      </p>
      <StaffOrderQuote quotes={quotes} value={quoteId} onChange={setQuoteId} error={errors.quoteId} />
    </fieldset>
  );
}
