import { describe, expect, it } from "vitest";
import { categoryFormSchema } from "~/features/catalog/admin-catalog";
import { idSchema, moveSchema } from "~/shared/admin-forms";
import { badRequest, failsAt, intent, intentTable, invalidForm } from "./admin-action.server";

const ID = "6f1c1d2e-8a4b-4c3d-9e2f-1a2b3c4d5e6f";
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

const calls: unknown[] = [];
/** What the test's intents answer: a word when they ran, the shared replies when they refused. */
type Answer = string | ReturnType<typeof badRequest> | ReturnType<typeof invalidForm>;
const table = intentTable<Answer>({
  create: intent(
    categoryFormSchema,
    (input): Answer => (calls.push(["create", input]), "created"),
    (e) => invalidForm("create", e),
  ),
  update: intent(
    categoryFormSchema.extend(idSchema.shape),
    (input): Answer => (calls.push(["update", input]), "updated"),
    (e) => (failsAt(e, "id") ? badRequest("update", "Failed to save category") : invalidForm("update", e)),
  ),
  move: intent(
    moveSchema,
    ({ direction }): Answer => `moved ${direction}`,
    () => badRequest("move", "Failed to update display order."),
  ),
});

describe("intentTable", () => {
  it("runs the intent with its parsed fields (intent removed, transforms applied)", async () => {
    calls.length = 0;
    expect(await table.dispatch(form({ intent: "create", name: "  Bedroom ", description: "" }))).toBe(
      "created",
    );
    expect(calls).toEqual([["create", categoryFormSchema.parse({ name: "  Bedroom ", description: "" })]]);
    expect((calls[0] as [string, { name: string }])[1].name).toBe("Bedroom");
    expect(await table.dispatch(form({ intent: "move", id: ID, direction: "up" }))).toBe("moved up");
  });

  it("answers 400 'Unknown action.' for a missing, unknown or inherited intent, running nothing", async () => {
    calls.length = 0;
    for (const name of ["", "drop", "toString", "__proto__"]) {
      const r = (await table.dispatch(form(name ? { intent: name, name: "x" } : { name: "x" }))) as {
        data: { message: string };
        init: { status: number };
      };
      expect(r.init.status).toBe(400);
      expect(r.data.message).toBe("Unknown action.");
    }
    expect(calls).toEqual([]);
  });

  it("answers the intent's own refusal: field errors for the form, a plain 400 for a bad id", async () => {
    calls.length = 0;
    const invalid = (await table.dispatch(form({ intent: "update", id: ID, name: "" }))) as {
      data: { fieldErrors: Record<string, string> };
      init: { status: number };
    };
    expect(invalid.init.status).toBe(400);
    expect(Object.keys(invalid.data.fieldErrors)).toEqual(["name"]);
    const badId = (await table.dispatch(form({ intent: "update", id: "nope", name: "Bedroom" }))) as {
      data: { message: string; fieldErrors?: unknown };
    };
    expect(badId.data.message).toBe("Failed to save category");
    expect(badId.data.fieldErrors).toBeUndefined();
    const badMove = (await table.dispatch(form({ intent: "move", id: ID, direction: "sideways" }))) as {
      data: { message: string };
    };
    expect(badMove.data.message).toBe("Failed to update display order.");
    expect(calls).toEqual([]);
  });
});
