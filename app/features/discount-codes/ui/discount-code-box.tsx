import { Tag, X } from "lucide-react";
import { useState } from "react";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { formatRupees } from "~/shared/money";

type Props = {
  /** The code sent with the quote and the order (null: none). */
  applied: string | null;
  onApply: (code: string | null) => void;
  /** What the server's quote took off for it. */
  discount: { code: string; amount: number } | null;
  /** Why the server refused it (quote or order). */
  error: string | null;
  /** Still waiting for the quote of the applied code. */
  pending: boolean;
};

/** One discount code per checkout: typed, applied (the server checks and prices it), removed. */
export function DiscountCodeBox({ applied, onApply, discount, error, pending }: Props) {
  const [typed, setTyped] = useState(applied ?? "");
  function apply() {
    const code = typed.replace(/\s+/g, "").toUpperCase();
    onApply(code ? code : null);
  }
  const accepted = applied && discount?.code === applied && !error;
  return (
    <div className="space-y-2 border-t pt-4">
      <Label htmlFor="discount-code">Discount Code</Label>
      <div className="flex gap-2">
        <Input
          id="discount-code"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
          }}
          placeholder="e.g. FESTIVE20"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "discount-code-error" : accepted ? "discount-code-applied" : undefined}
        />
        <Button type="button" variant="outline" onClick={apply} disabled={pending}>
          Apply
        </Button>
      </div>
      {accepted ? (
        <p
          id="discount-code-applied"
          role="status"
          className="flex items-center gap-2 text-sm text-green-400"
        >
          <Tag className="size-4" aria-hidden /> Code {applied} applied: −{formatRupees(discount!.amount)}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="ml-auto h-7 px-2"
            onClick={() => {
              setTyped("");
              onApply(null);
            }}
          >
            <X className="size-3" aria-hidden /> Remove
          </Button>
        </p>
      ) : null}
      {error ? (
        <p id="discount-code-error" role="alert" className="text-sm font-medium text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
