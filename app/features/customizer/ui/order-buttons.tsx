import { MessageCircle, Ruler, ShoppingCart, TriangleAlert, Zap } from "lucide-react";
import { memo } from "react";
import { Button } from "~/ui/button";
import type { DesignCheck } from "~/features/customizer/design-checks";

/**
 * The "Can we make it?" notes and the Add to Cart / Buy Now buttons. A blocking note disables both
 * buttons and is their description; borderline notes only inform (the order carries them to staff).
 */
export const OrderButtons = memo(function OrderButtons({
  checks,
  measuredNote,
  busy,
  onAddToCart,
  onBuyNow,
  buyNowNote,
  staffHref,
}: {
  checks: DesignCheck[];
  /** What the server's measurement changed about the estimate's answer (issue 44), when it did. */
  measuredNote: string | null;
  busy: boolean;
  onAddToCart: () => void;
  onBuyNow: () => void;
  /** What Buy Now does with the rest of the cart, when there is something to say. */
  buyNowNote: string | null;
  /** Opened for a staff order (Chat Orders, issue 46): one button that carries the design there instead. */
  staffHref?: string | undefined;
}) {
  const blocked = checks.some((c) => c.level === "blocking");
  if (staffHref)
    return (
      <div className="order-5 grid gap-3">
        <MakeChecks checks={checks} measuredNote={measuredNote} />
        {blocked ? (
          <Button size="lg" disabled aria-describedby="make-checks">
            <MessageCircle aria-hidden /> Use in staff order
          </Button>
        ) : (
          <Button size="lg" asChild>
            <a href={staffHref}>
              <MessageCircle aria-hidden /> Use in staff order
            </a>
          </Button>
        )}
      </div>
    );
  return (
    <div className="order-5 grid gap-3">
      <MakeChecks checks={checks} measuredNote={measuredNote} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Button
          size="lg"
          onClick={onAddToCart}
          disabled={busy || blocked}
          aria-describedby={blocked ? "make-checks" : undefined}
        >
          <ShoppingCart aria-hidden /> Add to Cart
        </Button>
        <Button
          size="lg"
          variant="outline"
          onClick={onBuyNow}
          disabled={busy || blocked}
          aria-describedby={blocked ? "make-checks" : undefined}
        >
          <Zap aria-hidden /> Buy Now
        </Button>
      </div>
      {buyNowNote && (
        <p id="buy-now-note" className="text-center text-sm text-muted-foreground">
          {buyNowNote}
        </p>
      )}
    </div>
  );
});

/** The notes themselves: re-rendered only when the checks change, not on every keystroke's render. */
const MakeChecks = memo(function MakeChecks({
  checks,
  measuredNote,
}: {
  checks: DesignCheck[];
  measuredNote: string | null;
}) {
  return (
    <div aria-live="polite" className="grid gap-2" id="make-checks">
      {measuredNote && (
        <p data-testid="measured-note" className="flex gap-1.5 text-sm text-muted-foreground">
          <Ruler className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{measuredNote}</span>
        </p>
      )}
      {checks.map((c) => (
        <p
          key={c.id}
          data-level={c.level}
          className={
            c.level === "blocking"
              ? "rounded-md border border-destructive/60 bg-destructive/10 p-3 text-sm"
              : "rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
          }
        >
          <TriangleAlert
            className={`mr-1.5 inline size-4 align-[-3px] ${c.level === "blocking" ? "text-destructive" : "text-amber-500"}`}
            aria-hidden
          />
          <strong>{c.level === "blocking" ? "Cannot be made: " : "Please note: "}</strong>
          {c.message} <span className="font-medium">{c.fix}</span>
        </p>
      ))}
    </div>
  );
});
