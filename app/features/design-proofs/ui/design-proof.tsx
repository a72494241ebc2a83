import { Button } from "~/ui/button";
import { Label } from "~/ui/label";
import { Textarea } from "~/ui/input";
import { formatIstDayMonthTime } from "~/shared/ist-dates";
import { useFetcherForm } from "~/ui/use-form";
import type { ProofView } from "~/features/design-proofs/design-proofs.server";

/**
 * The proofs of a custom order as its page shows them (no staff e-mails), each with its state's label,
 * and the comment's length limit: the order page's loader gives these, so the page loads no proof rules
 * (nor zod).
 */
export type ShopperProofs = {
  versions: (Omit<ProofView, "sentByEmail"> & { stateLabel: string })[];
  commentMax: number;
};

/**
 * "Your design proof": the latest proof with Approve / Ask for changes while it waits for an answer, and
 * the earlier versions with their answers. Plain forms: they work before JavaScript loads.
 */
export function DesignProof({ versions: proofs, commentMax }: ShopperProofs) {
  // The order page's action answers the one form answer; a refusal's sentence shows below (no toasts).
  const form = useFetcherForm({ toast: false });
  const { fetcher } = form;
  const latest = proofs[proofs.length - 1];
  if (!latest) return null;
  const earlier = proofs.slice(0, -1).reverse();
  const busy = form.pending;
  const error = form.formError;
  return (
    <div className="space-y-4">
      <figure className="space-y-2">
        <img
          {...latest.image}
          sizes="(min-width: 768px) 720px, 100vw"
          alt={`Design proof, version ${latest.version}`}
          className="h-auto w-full rounded-md border bg-black object-contain"
        />
        <figcaption className="text-sm text-muted-foreground">
          Version {latest.version} · sent {formatIstDayMonthTime(latest.createdAt)} ·{" "}
          <span className="font-medium text-foreground">{latest.stateLabel}</span>
        </figcaption>
      </figure>
      {latest.message ? <p className="whitespace-pre-line text-sm">{latest.message}</p> : null}
      {latest.state === "sent" ? (
        <div className="space-y-3">
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="proof-approve" />
            <input type="hidden" name="version" value={latest.version} />
            <Button type="submit" disabled={busy}>
              Approve this design
            </Button>
          </fetcher.Form>
          <fetcher.Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="proof-changes" />
            <input type="hidden" name="version" value={latest.version} />
            <Label htmlFor="proof-comment">What should we change?</Label>
            <Textarea
              id="proof-comment"
              name="comment"
              required
              maxLength={commentMax}
              rows={3}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "proof-error" : undefined}
            />
            <Button type="submit" variant="outline" disabled={busy}>
              Ask for changes
            </Button>
          </fetcher.Form>
        </div>
      ) : latest.state === "approved" ? (
        <p className="text-sm">Thank you! We start making your sign now.</p>
      ) : (
        <p className="text-sm">
          You asked for changes: <q className="whitespace-pre-line">{latest.shopperComment}</q>. We will send
          you a new proof.
        </p>
      )}
      {error ? (
        <p id="proof-error" role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      {earlier.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">Earlier proofs</summary>
          <ul className="mt-2 space-y-3">
            {earlier.map((p) => (
              <li key={p.id} className="flex gap-3">
                <img
                  src={p.image.src}
                  width={p.image.width}
                  height={p.image.height}
                  alt={`Design proof, version ${p.version}`}
                  loading="lazy"
                  className="h-16 w-24 rounded border bg-black object-contain"
                />
                <div>
                  <p>
                    Version {p.version} · {p.stateLabel}
                  </p>
                  {p.shopperComment ? (
                    <p className="text-muted-foreground">
                      Your comment: <q>{p.shopperComment}</q>
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
