import { TriangleAlert } from "lucide-react";

/**
 * The borderline "can we make it?" warnings the customiser showed the shopper, stored with the custom
 * order for the workshop (one per line). Nothing when the design passed every check.
 */
export function MakeWarnings({ warnings }: { warnings: string | null }) {
  if (!warnings) return null;
  return (
    <div
      role="note"
      aria-label="Workshop warnings"
      className="mt-3 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert className="size-4 text-amber-500" aria-hidden /> Check before making
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {warnings.split("\n").map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </div>
  );
}
