import { ArrowDown, ArrowUp } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { canMove, type AdminActionData } from "~/shared/admin-forms";
import { useActionResult } from "~/ui/use-action-result";

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
  const fetcher = useFetcher<AdminActionData>();
  useActionResult(fetcher.data);
  const busy = fetcher.state !== "idle";
  const move = (direction: "up" | "down") =>
    fetcher.submit({ intent: "move", id, direction }, { method: "post" });
  return (
    <div className="flex gap-1">
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-9"
        aria-label={`Move ${label} up`}
        disabled={busy || !canMove(index, length, "up")}
        onClick={() => move("up")}
      >
        <ArrowUp />
      </Button>
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-9"
        aria-label={`Move ${label} down`}
        disabled={busy || !canMove(index, length, "down")}
        onClick={() => move("down")}
      >
        <ArrowDown />
      </Button>
    </div>
  );
}
