import { useId, useState } from "react";
import { Button } from "~/ui/button";
import { useFetcherForm } from "~/ui/use-form";

/** Send a pay link by WhatsApp or e-mail (once each way), or copy it (Instagram, phone). */
export function PayLinkShare({
  checkoutId,
  url,
  sent,
}: {
  checkoutId: string;
  url: string;
  sent: { whatsapp: boolean; email: boolean };
}) {
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  const { fetcher, pending } = useFetcherForm({
    key: `send-${checkoutId}`,
    toast: { ok: "Pay link sent", failed: "Pay link not sent" },
  });
  return (
    <div className="grid gap-2">
      <label className="text-sm" htmlFor={inputId}>
        Pay link
      </label>
      <input
        id={inputId}
        readOnly
        value={url}
        className="h-10 rounded-md border bg-muted px-3 font-mono text-xs"
        onFocus={(e) => e.currentTarget.select()}
      />
      <fetcher.Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="checkoutId" value={checkoutId} />
        <Button type="submit" name="via" value="whatsapp" size="sm" disabled={pending || sent.whatsapp}>
          {sent.whatsapp ? "Sent by WhatsApp" : "Send by WhatsApp"}
        </Button>
        <Button
          type="submit"
          name="via"
          value="email"
          size="sm"
          variant="secondary"
          disabled={pending || sent.email}
        >
          {sent.email ? "Sent by e-mail" : "Send by e-mail"}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy link"}
        </Button>
      </fetcher.Form>
    </div>
  );
}
