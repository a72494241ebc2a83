import { useRef } from "react";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { useFetcherForm } from "~/ui/use-form";
import { PROOF_MESSAGE_MAX, type ProofState } from "~/features/design-proofs/design-proofs";
import type { ProofView } from "~/features/design-proofs/design-proofs.server";
import { formatIstDateTime } from "~/shared/ist-dates";

const STATE_TEXT: Record<ProofState, string> = {
  sent: "Waiting for the shopper",
  approved: "Approved by the shopper",
  changes_requested: "Changes requested",
};

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
  proofs: ProofView[];
  canSend: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const { fetcher, errors, pending } = useFetcherForm({
    toast: { ok: "Proof sent", failed: "Failed to send the proof" },
    onAnswer: (answer) => answer.ok && formRef.current?.reset(),
  });
  const field = (name: "image" | "message", label: string) => ({
    id: `${orderId}-proof-${name}`,
    name,
    label,
    error: errors[name],
    className: "gap-1.5",
  });
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
          <Field {...field("image", "Proof picture (PNG, JPEG or WebP)")}>
            {(control) => (
              <Input {...control} type="file" accept="image/png,image/jpeg,image/webp" required />
            )}
          </Field>
          <Field {...field("message", "Message to the shopper")}>
            {(control) => <Textarea {...control} rows={2} maxLength={PROOF_MESSAGE_MAX} />}
          </Field>
          <div>
            <Button type="submit" disabled={pending}>
              {pending ? "Sending..." : "Send Proof"}
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
