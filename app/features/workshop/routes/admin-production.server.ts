import { data } from "react-router";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import { requireAdmin } from "~/platform/auth/auth.server";
import { formAction } from "~/platform/http/form-action.server";
import { moveCardSchema } from "~/features/workshop/production-board";
import { loadBoard } from "~/features/workshop/production-board.server";
import { moveCard } from "~/features/workshop/move-card.server";

/** The production board's loader and its one action, moving a card (permission "production": decision 062). */

export async function adminProductionLoader(request: Request) {
  await requireAdmin(request, "production");
  return { board: await loadBoard() };
}

/**
 * Move a card one column: the one form answer. A form naming no card of the board (a malformed id, an unknown
 * column) answers 422 and changes nothing; a line of another order, or an unknown order, 404.
 */
export const adminProductionAction = formAction(
  {
    guard: "admin",
    permission: "production",
    maxBytes: 2_048,
    schema: moveCardSchema,
    answers: {
      invalid: (error) =>
        data(failedAnswer(`${error.issues[0]?.message ?? "Unknown card."} Reload the board.`), {
          status: 422,
        }),
    },
  },
  async (input, { admin }) => {
    const r = await moveCard(input, admin.user);
    if (!r.ok) return data(failedAnswer(r.message), { status: r.status });
    return data(okAnswer(r.message));
  },
);
