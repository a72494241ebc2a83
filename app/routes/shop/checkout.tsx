import { CreditCard, Loader2, ShoppingBag, Truck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useRouteLoaderData } from "react-router";
import { toast } from "sonner";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import type { CartItem } from "~/domain/cart";
import {
  checkoutFormSchema,
  fieldErrors,
  INDIAN_STATES,
  LAST_ORDER_STORAGE_KEY,
  minPreferredDate,
  type CheckoutField,
  type LastOrderDetails,
  type PaymentMethodId,
} from "~/domain/checkout";
import { CUSTOM_COLORS, CUSTOM_FONTS } from "~/domain/customizer";
import { formatRupees } from "~/domain/money";
import { cartSummary } from "~/domain/order-pricing";
import { cart, useCart } from "~/lib/cart-store";
import { attemptKey, forgetAttempt } from "~/lib/checkout-attempt";
import { loadPaymentScript, type RazorpayFailure, type RazorpaySuccess } from "~/lib/payment-window";
import { pageMeta } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Checkout", description: "Complete your order.", path: "/checkout", noindex: true });

export async function loader() {
  const { paymentGateway } = await import("~/server/payments/gateway.server");
  const g = paymentGateway();
  return { online: g.mode !== "off", testGateway: g.mode === "test", minDate: minPreferredDate() };
}

type Placed = {
  checkoutId: string;
  paymentMethod: PaymentMethodId;
  paymentStatus: string;
  totalAmount: number;
  orderId: string;
  orderIds: string[];
  customerName: string;
  shippingAddress: string;
  createdAt: string;
  payment: null | {
    gateway: "razorpay" | "test";
    keyId: string;
    razorpayOrderId: string;
    amountPaise: number;
    currency: string;
    scriptUrl: string;
    prefill: { name: string; email: string; contact: string };
  };
};

type Quote = {
  lines: { id: string; name: string; unitPrice: number; quantity: number; lineTotal: number }[];
  subtotal: number;
  deliveryFee: number;
  totalAmount: number;
  lineErrors: string[];
};

const ORDER_FAILED = "There was an error placing your order. Please try again.";
const PAYMENT_ERROR = "Failed to initialize payment. Please try again.";

function fingerprint(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${s.length}:${(h >>> 0).toString(16)}`;
}

async function postJson(url: string, body: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  let data: Record<string, unknown> = {};
  try {
    data = (await r.json()) as Record<string, unknown>;
  } catch {
    /* empty or not JSON */
  }
  return { status: r.status, data };
}

function lineDetails(item: CartItem): string {
  if (item.type === "custom" && item.customConfig) {
    const c = item.customConfig;
    const font = CUSTOM_FONTS.find((f) => f.id === c.font)?.name ?? c.font;
    const colour = CUSTOM_COLORS.find((x) => x.id === c.color || x.hex === c.color)?.name ?? c.color;
    return `${font} · ${colour} · Size ${c.size}${c.hasDimmer ? " · Dimmer" : ""}${c.backingShape === "rectangle" ? " · Rectangle backing" : ""}`;
  }
  if (item.productConfig) {
    const p = item.productConfig;
    return `Size ${p.size} · ${p.color}${p.brightnessController ? " · Brightness controller" : ""}`;
  }
  return "";
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { items, hydrated } = useCart();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const navigate = useNavigate();
  const [method, setMethod] = useState<PaymentMethodId>(loaderData.online ? "razorpay" : "cod");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [lineErrors, setLineErrors] = useState<string[]>([]);
  const [quote, setQuote] = useState<Quote | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const done = useRef(false);

  // The summary as the server will charge it: the cart re-priced from the database.
  const itemsKey = JSON.stringify(items.map((i) => [i.id, i.quantity, i.price]));
  useEffect(() => {
    if (!hydrated || items.length === 0) return;
    const ctrl = new AbortController();
    const t = window.setTimeout(() => {
      fetch("/api/checkout/quote", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ items: items.map((i) => ({ ...i, image: "", customConfig: i.customConfig ? { ...i.customConfig, previewImageUrl: undefined } : undefined })) }),
        signal: ctrl.signal,
      })
        .then((r) => (r.ok ? (r.json() as Promise<Quote>) : null))
        .then((q) => {
          if (q) {
            setQuote(q);
            setLineErrors(q.lineErrors);
          }
        })
        .catch(() => undefined);
    }, 150);
    return () => {
      ctrl.abort();
      window.clearTimeout(t);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, itemsKey]);

  if (!hydrated) {
    return (
      // As tall as the screen, so the footer does not jump when the form replaces it (no layout shift).
      <div className="mx-auto flex min-h-screen max-w-7xl items-start justify-center px-4 py-24 text-muted-foreground">
        <Loader2 className="mr-2 size-5 animate-spin" aria-hidden /> Loading checkout...
      </div>
    );
  }

  if (items.length === 0 && !done.current) {
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

  const quoted = quote && quote.lines.length === items.length ? quote : null;
  const summary = quoted ?? cartSummary(items);
  const storeName = root?.store.name ?? "NeonLights";

  function clearError(field: string) {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: "" }));
  }

  function succeed(placed: Placed, online: boolean) {
    done.current = true;
    const details: LastOrderDetails = {
      orderId: placed.orderId,
      totalAmount: placed.totalAmount,
      paymentMethod: placed.paymentMethod,
      shippingAddress: placed.shippingAddress,
      customerName: placed.customerName,
      orderDate: placed.createdAt,
      otherOrderIds: placed.orderIds.filter((id) => id !== placed.orderId),
    };
    try {
      localStorage.setItem(LAST_ORDER_STORAGE_KEY, JSON.stringify(details));
    } catch {
      /* storage blocked: the confirmation page shows what it can */
    }
    toast.success("Order Placed Successfully!", {
      description: online
        ? `Order #${placed.orderId} has been confirmed. You'll receive a confirmation email shortly.`
        : `Order #${placed.orderId} confirmed for Cash on Delivery. We'll call you before delivery.`,
    });
    forgetAttempt();
    navigate(`/order-confirmation?orderId=${encodeURIComponent(placed.orderId)}`);
    cart.clear();
  }

  async function pay(placed: Placed) {
    const p = placed.payment;
    if (!p) {
      toast.error("Payment Error", { description: PAYMENT_ERROR });
      setBusy(false);
      return;
    }
    try {
      await loadPaymentScript(p.scriptUrl);
      const Razorpay = window.Razorpay!;
      const rzp = new Razorpay({
        key: p.keyId,
        amount: p.amountPaise,
        currency: p.currency,
        name: storeName,
        description: `Order #${placed.orderId}`,
        order_id: p.razorpayOrderId,
        prefill: p.prefill,
        notes: { checkout_id: placed.checkoutId },
        theme: { color: "#ff1493" },
        handler: (response: RazorpaySuccess) => {
          void verify(response);
        },
        modal: {
          // Closing the window aborts; the unpaid order keeps its stock for 30 minutes.
          ondismiss: () => setBusy(false),
        },
      });
      rzp.on("payment.failed", (response: RazorpayFailure) => {
        toast.error("Payment Failed", { description: response.error?.description || "Your payment could not be completed." });
        setBusy(false);
      });
      rzp.open();
    } catch {
      toast.error("Payment Error", { description: PAYMENT_ERROR });
      setBusy(false);
    }
  }

  async function verify(response: RazorpaySuccess) {
    setBusy(true);
    try {
      const r = await postJson("/api/checkout/verify", response);
      if (r.status === 200 && r.data.success === true) {
        succeed(r.data.checkout as Placed, true);
        return;
      }
    } catch {
      /* fall through */
    }
    toast.error("Payment Verification Failed", { description: "We could not verify the payment. Please contact support." });
    setBusy(false);
  }

  async function submit(values: Record<string, string>, retried = false): Promise<void> {
    const payload = { form: values, items };
    const key = attemptKey(fingerprint(JSON.stringify(payload)));
    let r: { status: number; data: Record<string, unknown> };
    try {
      r = await postJson("/api/checkout", { idempotencyKey: key, ...payload });
    } catch {
      toast.error("Order Failed", { description: ORDER_FAILED });
      setBusy(false);
      return;
    }
    const d = r.data;
    if (r.status === 200 || r.status === 201) {
      const placed = d.checkout as Placed;
      if (placed.paymentMethod === "cod") return succeed(placed, false);
      if (placed.paymentStatus === "paid") return succeed(placed, true);
      return pay(placed);
    }
    if (r.status === 400 && d.fieldErrors) {
      setErrors(d.fieldErrors as Record<string, string>);
      toast.error("Order Failed", { description: "Please check the highlighted fields." });
    } else if (r.status === 409 && (d.code === "expired" || d.code === "key-reused") && !retried) {
      forgetAttempt();
      return submit(values, true);
    } else if ((r.status === 409 || r.status === 422) && d.code === "lines") {
      const list = (d.lineErrors as string[]) ?? [];
      setLineErrors(list);
      toast.error("Order Failed", { description: list[0] ?? ORDER_FAILED });
    } else if (r.status === 503) {
      toast.error("Payment Error", { description: (d.error as string) ?? PAYMENT_ERROR });
    } else {
      toast.error("Order Failed", { description: ORDER_FAILED });
    }
    setBusy(false);
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const data = new FormData(e.currentTarget);
    const values: Record<string, string> = { paymentMethod: method };
    for (const [k, v] of data.entries()) if (typeof v === "string" && k !== "paymentMethod") values[k] = v;
    const parsed = checkoutFormSchema.safeParse(values);
    if (!parsed.success) {
      const errs = fieldErrors(parsed.error);
      setErrors(errs);
      const first = Object.keys(errs)[0];
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    void submit(values);
  }

  const field = (name: CheckoutField, label: string, props: React.ComponentProps<"input"> = {}, required = true) => (
    <div className="space-y-1.5">
      <Label htmlFor={`co-${name}`}>
        {label}
        {required ? <span aria-hidden> *</span> : null}
      </Label>
      <Input
        id={`co-${name}`}
        name={name}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `co-${name}-error` : undefined}
        aria-required={required || undefined}
        onChange={() => clearError(name)}
        {...props}
      />
      {errors[name] ? (
        <p id={`co-${name}-error`} className="text-sm text-destructive">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-bold">Checkout</h1>
      <div className="grid gap-8 lg:grid-cols-3">
        <form id="checkout-form" ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold leading-none tracking-tight">Customer Information</h2>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">{field("name", "Full Name", { autoComplete: "name", maxLength: 100 })}</div>
              {field("phone", "Phone Number", { type: "tel", autoComplete: "tel", inputMode: "tel", placeholder: "e.g. 98765 43210", maxLength: 20 })}
              {field("email", "Email Address", { type: "email", autoComplete: "email", maxLength: 200 })}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold leading-none tracking-tight">Delivery Address</h2>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">{field("address1", "Address Line 1", { autoComplete: "address-line1", maxLength: 200 })}</div>
              <div className="sm:col-span-2">{field("address2", "Address Line 2", { autoComplete: "address-line2", maxLength: 200 }, false)}</div>
              {field("landmark", "Landmark", { maxLength: 200 }, false)}
              {field("city", "City", { autoComplete: "address-level2", maxLength: 100 })}
              <div className="space-y-1.5">
                <Label htmlFor="co-state">
                  State<span aria-hidden> *</span>
                </Label>
                <select
                  id="co-state"
                  name="state"
                  defaultValue=""
                  autoComplete="address-level1"
                  aria-required
                  aria-invalid={errors.state ? true : undefined}
                  aria-describedby={errors.state ? "co-state-error" : undefined}
                  onChange={() => clearError("state")}
                  className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm"
                >
                  <option value="" disabled>
                    Select state
                  </option>
                  <optgroup label="States">
                    {INDIAN_STATES.slice(0, 28).map((s) => (
                      <option key={s.value} value={s.value}>
                        {s.label}
                      </option>
                    ))}
                  </optgroup>
                  <optgroup label="Union Territories">
                    {INDIAN_STATES.slice(28).map((s) => (
                      <option key={s.value} value={s.value}>
                        {s.label}
                      </option>
                    ))}
                  </optgroup>
                </select>
                {errors.state ? (
                  <p id="co-state-error" className="text-sm text-destructive">
                    {errors.state}
                  </p>
                ) : null}
              </div>
              {field("pincode", "PIN Code", { inputMode: "numeric", autoComplete: "postal-code", maxLength: 6, pattern: "[1-9][0-9]{5}" })}
              {field("preferredDate", "Preferred Delivery Date", { type: "date", min: loaderData.minDate }, false)}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <h2 id="payment-method-heading" className="text-lg font-semibold leading-none tracking-tight">Payment Method</h2>
            </CardHeader>
            <CardContent>
              <RadioGroup
                value={method}
                onValueChange={(v) => setMethod(v as PaymentMethodId)}
                aria-labelledby="payment-method-heading"
                className="gap-3"
              >
                {loaderData.online ? (
                  <Label htmlFor="pm-online" className="flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[[data-state=checked]]:border-primary">
                    <RadioGroupItem value="razorpay" id="pm-online" className="mt-0.5" />
                    <span className="flex-1 space-y-1">
                      <span className="flex items-center gap-2 font-medium">
                        <CreditCard className="size-4" aria-hidden /> Online Payment
                        {loaderData.testGateway ? <Badge variant="secondary">Test payment</Badge> : null}
                      </span>
                      <span className="block text-sm font-normal text-muted-foreground">UPI, cards, net banking and wallets via Razorpay</span>
                    </span>
                  </Label>
                ) : null}
                <Label htmlFor="pm-cod" className="flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[[data-state=checked]]:border-primary">
                  <RadioGroupItem value="cod" id="pm-cod" className="mt-0.5" />
                  <span className="flex-1 space-y-1">
                    <span className="flex items-center gap-2 font-medium">
                      <Truck className="size-4" aria-hidden /> Cash on Delivery
                    </span>
                    <span className="block text-sm font-normal text-muted-foreground">Pay when your order arrives</span>
                  </span>
                </Label>
              </RadioGroup>
            </CardContent>
          </Card>
        </form>

        <aside aria-labelledby="summary-heading" className="lg:sticky lg:top-24 lg:self-start">
          <Card>
            <CardHeader>
              <h2 id="summary-heading" className="text-lg font-semibold leading-none tracking-tight">Order Summary</h2>
            </CardHeader>
            <CardContent className="space-y-4">
              <ul className="space-y-3" aria-label="Order items">
                {items.map((item) => {
                  const q = quoted?.lines.find((l) => l.id === item.id);
                  const unit = q?.unitPrice ?? item.price;
                  return (
                    <li key={item.id} className="flex gap-3">
                      <img src={item.image || "/placeholder.svg"} alt="" width={56} height={56} className="size-14 shrink-0 rounded-md bg-muted object-cover" />
                      <div className="min-w-0 flex-1">
                        <p className="line-clamp-2 text-sm font-medium">{q?.name ?? item.name}</p>
                        <p className="text-xs text-muted-foreground">{lineDetails(item)}</p>
                        <p className="text-xs text-muted-foreground">
                          Qty: {item.quantity} × {formatRupees(unit)}
                        </p>
                      </div>
                      <span className="text-sm font-semibold">{formatRupees(unit * item.quantity)}</span>
                    </li>
                  );
                })}
              </ul>
              {lineErrors.length > 0 ? (
                <div role="alert" className="space-y-1 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive">
                  {lineErrors.map((m) => (
                    <p key={m}>{m}</p>
                  ))}
                </div>
              ) : null}
              <dl className="space-y-2 border-t pt-4 text-sm">
                <div className="flex justify-between">
                  <dt>Subtotal</dt>
                  <dd>{formatRupees(summary.subtotal)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt>Delivery</dt>
                  <dd>{formatRupees(summary.deliveryFee)}</dd>
                </div>
                <div className="flex justify-between border-t pt-2 text-lg font-bold">
                  <dt>Total</dt>
                  <dd data-testid="order-total">{formatRupees(summary.totalAmount)}</dd>
                </div>
              </dl>
              <Button type="submit" form="checkout-form" size="lg" className="w-full" disabled={busy}>
                {busy ? (
                  <>
                    <Loader2 className="animate-spin" aria-hidden /> Processing...
                  </>
                ) : method === "razorpay" ? (
                  "Pay Now"
                ) : (
                  "Place Order"
                )}
              </Button>
              {method === "razorpay" && loaderData.testGateway ? (
                <p className="text-center text-xs text-muted-foreground">Test payment: no real money is charged in this shop.</p>
              ) : null}
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}
