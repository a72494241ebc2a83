import type { GrievanceMessageKind } from "~/features/grievances/grievances";
import type { ComplaintPhoto, ThreadMessage } from "~/features/grievances/grievances.server";
import { cn } from "~/ui/utils";

const WHO: Record<GrievanceMessageKind, { shopper: string; staff: string }> = {
  shopper: { shopper: "You", staff: "Shopper" },
  staff: { shopper: "Our reply", staff: "Reply to the shopper" },
  note: { shopper: "", staff: "Internal note (not shown to the shopper)" },
  event: { shopper: "Update", staff: "Update" },
};

/**
 * A ticket's thread in order, each line with who wrote it and when (IST). The shopper's page never gets
 * internal notes (the server leaves them out); staff's page marks them.
 */
export function ComplaintThread({
  messages,
  photo,
  audience = "shopper",
}: {
  messages: ThreadMessage[];
  photo: ComplaintPhoto;
  audience?: "shopper" | "staff";
}) {
  return (
    <ol className="space-y-3" aria-label="Messages">
      {messages.map((m, i) => (
        <li
          key={m.id}
          className={cn(
            "rounded-md border p-3 text-sm",
            m.kind === "staff" && "border-primary/60 bg-accent/40",
            m.kind === "note" && "border-dashed border-amber-500/70 bg-amber-500/10",
            m.kind === "event" && "border-dashed",
          )}
        >
          <p className="mb-1 flex flex-wrap justify-between gap-x-4 text-xs text-muted-foreground">
            <span className="font-medium text-foreground">
              {WHO[m.kind][audience]}
              {audience === "staff" && m.staffEmail ? ` · ${m.staffEmail}` : ""}
            </span>
            <time>{m.at}</time>
          </p>
          <p className="whitespace-pre-line break-words">{m.body}</p>
          {i === 0 && photo ? (
            <a href={photo.src} target="_blank" rel="noreferrer" className="mt-2 inline-block">
              <img
                src={photo.src}
                width={photo.width}
                height={photo.height}
                alt="Photo sent with the complaint"
                className="h-32 w-auto rounded border object-contain"
              />
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
