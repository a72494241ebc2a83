import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { Label } from "~/ui/label";
import { RETURN_REASON_LABELS, type ReturnReason } from "~/features/after-sale/returns";

type Answer = { error?: string; errors?: Record<string, string>; returned?: boolean };

const fieldClass = "w-full rounded-md border bg-background p-2 text-sm";

/** "Return this order": the reasons the Return Policy allows for it, and what is wrong. */
export function RequestReturn({ until, reasons }: { until: string; reasons: ReturnReason[] }) {
  const fetcher = useFetcher<Answer>();
  const errors = fetcher.data?.errors ?? {};
  const last = new Date(until).toLocaleDateString("en-IN", {
    day: "numeric",
    month: "long",
    timeZone: "Asia/Kolkata",
  });
  return (
    <fetcher.Form method="post" className="space-y-3" noValidate>
      <input type="hidden" name="intent" value="return" />
      <p className="text-sm text-muted-foreground">
        You can ask for a return until {last}. We reply within 24 hours and arrange the pickup.
      </p>
      <div className="space-y-1">
        <Label htmlFor="return-reason">Why are you returning it?</Label>
        <select
          id="return-reason"
          name="reason"
          defaultValue=""
          className={fieldClass}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? "return-reason-error" : undefined}
        >
          <option value="" disabled>
            Choose a reason…
          </option>
          {reasons.map((r) => (
            <option key={r} value={r}>
              {RETURN_REASON_LABELS[r]}
            </option>
          ))}
        </select>
        {errors.reason ? (
          <p id="return-reason-error" className="text-sm text-red-400">
            {errors.reason}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <Label htmlFor="return-details">What is wrong? (photos can be sent by e-mail or WhatsApp)</Label>
        <textarea
          id="return-details"
          name="details"
          rows={3}
          maxLength={1000}
          className={fieldClass}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={errors.details ? "return-details-error" : undefined}
        />
        {errors.details ? (
          <p id="return-details-error" className="text-sm text-red-400">
            {errors.details}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
        Request a return
      </Button>
      {fetcher.data?.error ? (
        <p role="alert" className="text-sm font-medium text-red-400">
          {fetcher.data.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
