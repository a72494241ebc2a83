import { memo, useEffect, useId, useRef, useState } from "react";
import { formatDeliveryDay } from "~/shared/business-days";
import { PINCODE_PATTERN } from "~/shared/countries";
import { Truck } from "~/ui/icons";
import { cn } from "~/ui/utils";
import {
  deliveryWindow,
  businessDaysText,
  madeToOrderExtraDays,
} from "~/features/settings/delivery-promises";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";
import { notAPinMessage, PIN_MESSAGE } from "~/features/couriers/courier-messages";
import type { DeliveryEstimateAnswer } from "~/features/couriers/courier-rules";
import { onPinChange, rememberPin, rememberedPin } from "~/features/couriers/ui/pin-memory";

/*
 * "Get it by Thu 4 Dec" for the shopper's PIN code (issue 28) on the product page, the customiser and the
 * cart: a six-digit field, the date from POST /api/delivery-estimate (the courier's serviceability plus the
 * shop's production days, or the settings' rules without a courier), and "not serviceable" or "cash on
 * delivery is not available" before checkout. The server renders the settings' window; the box keeps its
 * height whatever it says, so nothing below it moves.
 */

/** The box's own short words (two lines at most on a phone; checkout says the longer ones). */
const NOT_SERVED_HERE = "Our couriers do not deliver to this PIN code yet. Please check it, or contact us.";
const COD_NOT_HERE = "Cash on delivery is not available here";

type Answer =
  | { kind: "idle" }
  | { kind: "checking"; pin: string }
  | { kind: "date"; pin: string; to: string; cod: boolean }
  | { kind: "nowhere"; pin: string }
  /** India Post does not list it (issue 42): "999999 is not an Indian PIN code". */
  | { kind: "unknown"; pin: string }
  | { kind: "invalid" }
  | { kind: "failed" };

/**
 * Answers kept for 10 minutes while the shop is open in this tab: moving between product pages asks
 * again only for another kind of sign (the endpoint's limit is per network, shared by a household).
 */
const KEEP_MS = 10 * 60 * 1000;
const kept = new Map<string, { at: number; answer: Answer }>();

async function lookUp(
  pin: string,
  opts: { custom: boolean; extraDays: number },
  signal: AbortSignal,
): Promise<Answer> {
  const key = `${pin}:${opts.custom ? 1 : 0}:${opts.extraDays}`;
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < KEEP_MS) return hit.answer;
  const answer = await ask(pin, opts, signal);
  if (answer.kind === "date" || answer.kind === "nowhere" || answer.kind === "unknown")
    kept.set(key, { at: Date.now(), answer });
  return answer;
}

async function ask(
  pin: string,
  opts: { custom: boolean; extraDays: number },
  signal: AbortSignal,
): Promise<Answer> {
  try {
    const r = await fetch("/api/delivery-estimate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pincode: pin, custom: opts.custom, extraDays: opts.extraDays }),
      signal,
    });
    if (r.status === 400) return { kind: "invalid" };
    if (r.status === 422) return { kind: "unknown", pin };
    if (!r.ok) return { kind: "failed" };
    const a = (await r.json()) as DeliveryEstimateAnswer;
    if (a.serviceable === false) return { kind: "nowhere", pin };
    if (a.serviceable && typeof a.to === "string")
      return { kind: "date", pin, to: a.to, cod: Boolean(a.cod) };
    return { kind: "failed" };
  } catch {
    return { kind: "failed" };
  }
}

/** Memoised: a page that re-renders on every keystroke (the customiser) does not re-render it. */
export const PinDelivery = memo(function PinDelivery({
  custom,
  extraDays = 0,
  className,
}: {
  /** A custom sign (its proof and making days) rather than a ready-made one (its days to dispatch). */
  custom: boolean;
  /** More production days (a ready-made sign made to order). */
  extraDays?: number;
  className?: string;
}) {
  const shipping = useShopSettings()?.shipping;
  const id = useId();
  const [draft, setDraft] = useState("");
  const [answer, setAnswer] = useState<Answer>({ kind: "idle" });
  const asked = useRef<AbortController | null>(null);

  function check(pin: string) {
    asked.current?.abort();
    if (!PINCODE_PATTERN.test(pin)) {
      setAnswer({ kind: "invalid" });
      return;
    }
    const ctl = new AbortController();
    asked.current = ctl;
    setAnswer({ kind: "checking", pin });
    void lookUp(pin, { custom, extraDays }, ctl.signal).then((a) => {
      if (!ctl.signal.aborted) setAnswer(a);
    });
  }

  // The remembered PIN (from this page or another) is checked at once, and again when it changes.
  useEffect(() => {
    const follow = () => {
      const pin = rememberedPin();
      if (!pin) return;
      setDraft(pin);
      check(pin);
    };
    follow();
    const off = onPinChange(follow);
    return () => {
      off();
      asked.current?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again when the kind of sign changes
  }, [custom, extraDays]);

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const pin = draft.trim();
    if (!PINCODE_PATTERN.test(pin)) {
      setAnswer({ kind: "invalid" });
      return;
    }
    if (pin === rememberedPin()) check(pin);
    else rememberPin(pin); // every PIN field on the page (this one included) checks it
  }

  const w = shipping ? deliveryWindow(shipping, { custom }) : null;
  const more = shipping ? madeToOrderExtraDays(shipping, extraDays) : extraDays;
  const usual = w ? `Delivery in ${businessDaysText(w.daysMin + more, w.daysMax + more)}` : "Delivery";
  const headline =
    answer.kind === "date"
      ? `Get it by ${formatDeliveryDay(answer.to)}`
      : answer.kind === "nowhere" || answer.kind === "unknown"
        ? "Not serviceable"
        : usual;
  const note =
    answer.kind === "checking"
      ? `Checking PIN code ${answer.pin}…`
      : answer.kind === "date"
        ? answer.cod
          ? `Delivery to ${answer.pin} · Cash on delivery available`
          : `Delivery to ${answer.pin} · ${COD_NOT_HERE}`
        : answer.kind === "nowhere"
          ? NOT_SERVED_HERE
          : answer.kind === "unknown"
            ? notAPinMessage(answer.pin)
            : answer.kind === "invalid"
              ? PIN_MESSAGE
              : answer.kind === "failed"
                ? "We could not check this PIN code just now. Please try again."
                : "Enter your PIN code for your delivery date.";
  const problem = ["nowhere", "unknown", "invalid", "failed"].includes(answer.kind);
  const codMissing = answer.kind === "date" && !answer.cod;

  return (
    <section
      aria-labelledby={`${id}-head`}
      className={cn("rounded-lg border p-3", className)}
      data-testid="pin-delivery"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <p id={`${id}-head`} className="flex items-center gap-2 font-semibold">
          <Truck className="size-5 shrink-0 text-primary" aria-hidden />
          <span
            className={cn((answer.kind === "nowhere" || answer.kind === "unknown") && "text-destructive")}
          >
            {headline}
          </span>
        </p>
        <div className="flex gap-2">
          <label htmlFor={`${id}-pin`} className="sr-only">
            PIN code for delivery
          </label>
          <input
            id={`${id}-pin`}
            name="pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder="PIN code"
            value={draft}
            onChange={(e) => setDraft(e.target.value.replace(/\D/g, "").slice(0, 6))}
            aria-invalid={answer.kind === "invalid" || answer.kind === "unknown" || undefined}
            aria-describedby={`${id}-note`}
            className="h-10 w-32 rounded-md border border-input bg-background px-3 text-base tabular-nums aria-invalid:border-destructive md:text-sm"
          />
          <button
            type="submit"
            className="h-10 rounded-md border border-input px-4 text-sm font-medium hover:bg-accent"
          >
            Check
          </button>
        </div>
        {/* Two lines are kept for the note, so a longer answer moves nothing below the box. */}
        <p
          id={`${id}-note`}
          role="status"
          className={cn(
            "min-h-10 text-sm text-muted-foreground",
            problem && "text-destructive",
            codMissing && "text-amber-600 dark:text-amber-400",
          )}
        >
          {note}
        </p>
      </form>
    </section>
  );
});
