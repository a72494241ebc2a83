import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button";
import { Input, Textarea } from "~/ui/input";
import { Label } from "~/ui/label";
import { PROOF_MESSAGE_MAX, type ProofState } from "~/features/design-proofs/design-proofs";
import { formatIstDateTime } from "~/shared/ist-dates";

type StaffProof = {
  id: string;
  version: number;
  image: { src: string; width: number; height: number };
  message: string;
  state: ProofState;
  shopperComment: string | null;
  sentByEmail: string | null;
  createdAt: string;
  answeredAt: string | null;
};

const STATE_TEXT: Record<ProofState, string> = {
  sent: "Waiting for the shopper",
  approved: "Approved by the shopper",
  changes_requested: "Changes requested",
};

type UploadAnswer = { ok: boolean; message: string; errors?: Record<string, string> };

/**
 * The design proofs of a custom order in its admin dialog: every version with the shopper's answer, and
 * the form that sends a new one (picture checked and re-encoded by the server, message, e-mailed to the shopper).
 */
export function DesignProofsPanel({
  orderId,
  proofs,
  canSend,
}: {
  orderId: string;
  proofs: StaffProof[];
  canSend: boolean;
}) {
  const fetcher = useFetcher<UploadAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success("Proof sent", { description: fetcher.data.message });
      formRef.current?.reset();
    } else if (Object.keys(fetcher.data.errors ?? {}).length === 0)
      toast.error("Failed to send the proof", { description: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  return (
    <div className="grid gap-4">
      {proofs.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No proof sent yet. The order can go into production once the shopper approves one.
        </p>
      ) : (
        <ol className="grid gap-3" aria-label="Design proofs">
          {[...proofs].reverse().map((p) => (
            <li key={p.id} className="flex gap-3 rounded-md border p-2 text-sm">
              <a href={p.image.src} target="_blank" rel="noreferrer" className="shrink-0">
                <img
                  src={p.image.src}
                  width={p.image.width}
                  height={p.image.height}
                  alt={`Proof version ${p.version}`}
                  className="h-20 w-28 rounded bg-black object-contain"
                />
              </a>
              <div className="grid gap-0.5">
                <p className="font-medium">
                  Version {p.version}: {STATE_TEXT[p.state]}
                </p>
                <p className="text-muted-foreground">
                  Sent {formatIstDateTime(p.createdAt)} by {p.sentByEmail ?? "staff"}
                  {p.answeredAt ? ` · answered ${formatIstDateTime(p.answeredAt)}` : ""}
                </p>
                {p.message ? <p className="whitespace-pre-line">Message: {p.message}</p> : null}
                {p.shopperComment ? (
                  <p className="whitespace-pre-line">Shopper&apos;s comment: {p.shopperComment}</p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      {canSend ? (
        <fetcher.Form
          ref={formRef}
          method="post"
          action="/api/admin/design-proofs"
          encType="multipart/form-data"
          className="grid gap-3"
          aria-label="Send a design proof"
        >
          <input type="hidden" name="id" value={orderId} />
          <div className="grid gap-1.5">
            <Label htmlFor={`${orderId}-proof-image`}>Proof picture (PNG, JPEG or WebP)</Label>
            <Input
              id={`${orderId}-proof-image`}
              name="image"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              required
              aria-invalid={errors.image ? true : undefined}
            />
            {errors.image ? <p className="text-sm text-destructive">{errors.image}</p> : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${orderId}-proof-message`}>Message to the shopper</Label>
            <Textarea
              id={`${orderId}-proof-message`}
              name="message"
              rows={2}
              maxLength={PROOF_MESSAGE_MAX}
              aria-invalid={errors.message ? true : undefined}
            />
            {errors.message ? <p className="text-sm text-destructive">{errors.message}</p> : null}
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Sending..." : "Send Proof"}
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
