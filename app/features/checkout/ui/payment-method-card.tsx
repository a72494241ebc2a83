import { CreditCard, Truck } from "lucide-react";
import { Badge } from "~/ui/badge";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Label } from "~/ui/label";
import { NativeRadio } from "~/ui/native-radio";
import type { PaymentMethodId } from "~/features/order-lifecycle/order-status";
import { formatRupees } from "~/shared/money";

type Props = {
  method: PaymentMethodId;
  onChange: (m: PaymentMethodId) => void;
  online: boolean;
  testGateway: boolean;
  /** The shop's cash-on-delivery charge (settings). */
  codFee: number;
  /** What paying online saves: the COD charge and the online-payment discount (the server's quote); default the charge. */
  onlineSaving?: number;
  /** Cash on delivery is taken in India only. */
  codAvailable: boolean;
  /** Why cash on delivery is not offered, when it is not abroad (the courier does not collect cash there). */
  codNote?: string | null;
};

/** Online payment (when the shop takes it) or cash on delivery. */
export function PaymentMethodCard({
  method,
  onChange,
  online,
  testGateway,
  codFee,
  onlineSaving = codFee,
  codAvailable,
  codNote,
}: Props) {
  return (
    <Card>
      <CardHeader>
        <h2 id="payment-method-heading" className="text-lg font-semibold leading-none tracking-tight">
          Payment Method
        </h2>
      </CardHeader>
      <CardContent>
        <div role="radiogroup" aria-labelledby="payment-method-heading" className="grid gap-3">
          {online ? (
            <Label
              htmlFor="pm-online"
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:checked]:border-primary"
            >
              <NativeRadio
                name="paymentMethod"
                value="razorpay"
                id="pm-online"
                checked={method === "razorpay"}
                onChange={() => onChange("razorpay")}
              />
              <span className="flex-1 space-y-1">
                <span className="flex items-center gap-2 font-medium">
                  <CreditCard className="size-4" aria-hidden /> Online Payment
                  {testGateway ? <Badge variant="secondary">Test payment</Badge> : null}
                </span>
                <span className="block text-sm font-normal text-muted-foreground">
                  UPI, cards, net banking and wallets via Razorpay
                </span>
                {/* The prepaid nudge (issue 30): the COD charge not paid and the online-payment discount. */}
                {codAvailable && onlineSaving > 0 ? (
                  <span className="block text-sm font-medium text-green-400">
                    Pay online and save {formatRupees(onlineSaving)}
                  </span>
                ) : null}
              </span>
            </Label>
          ) : null}
          {codAvailable ? (
            <Label
              htmlFor="pm-cod"
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:checked]:border-primary"
            >
              <NativeRadio
                name="paymentMethod"
                value="cod"
                id="pm-cod"
                checked={method === "cod"}
                onChange={() => onChange("cod")}
              />
              <span className="flex-1 space-y-1">
                <span className="flex items-center gap-2 font-medium">
                  <Truck className="size-4" aria-hidden /> Cash on Delivery
                </span>
                <span className="block text-sm font-normal text-muted-foreground">
                  Pay when your order arrives
                  {codFee > 0 ? ` (${formatRupees(codFee)} cash on delivery charge)` : ""}
                </span>
              </span>
            </Label>
          ) : null}
        </div>
        {!codAvailable ? (
          <p className="mt-3 text-sm text-muted-foreground">
            {codNote
              ? codNote
              : online
                ? "Orders abroad are paid online."
                : "Orders abroad need online payment, which is not available right now. Please contact us."}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
