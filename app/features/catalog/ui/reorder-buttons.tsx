import { ArrowDown, ArrowUp } from "lucide-react";
import { IconButton } from "~/features/admin-shell/ui/icon-button";
import { canMove, type MoveDirection } from "~/shared/admin-forms";
import { useFetcherForm } from "~/ui/use-form";

const ARROWS = [
  ["up", ArrowUp],
  ["down", ArrowDown],
] as const satisfies readonly (readonly [MoveDirection, unknown])[];

/** Up and down arrows of a list row (the first up and the last down are disabled). */
export function ReorderButtons({
  id,
  index,
  length,
  label,
}: {
  id: string;
  index: number;
  length: number;
  label: string;
}) {
  const { fetcher, pending } = useFetcherForm();
  return (
    <div className="flex gap-1">
      {ARROWS.map(([direction, Arrow]) => (
        <IconButton
          key={direction}
          variant="outline"
          className="size-9"
          label={`Move ${label} ${direction}`}
          disabled={pending || !canMove(index, length, direction)}
          onClick={() => void fetcher.submit({ intent: "move", id, direction }, { method: "post" })}
        >
          <Arrow />
        </IconButton>
      ))}
    </div>
  );
}
