import { describe, expect, it } from "vitest";
import { errorsOfAnswer, failedAnswer, okAnswer } from "./form-answer";

describe("form answers", () => {
  it("builds the one shape, leaving out what is empty", () => {
    expect(okAnswer()).toEqual({ ok: true });
    expect(okAnswer("Saved", "save")).toEqual({ ok: true, intent: "save", message: "Saved" });
    expect(failedAnswer("Please check", {}, "save")).toEqual({
      ok: false,
      intent: "save",
      message: "Please check",
    });
    expect(failedAnswer(undefined, { name: "Required" })).toEqual({
      ok: false,
      fieldErrors: { name: "Required" },
    });
  });

  it("a success clears what the form showed", () => {
    expect(errorsOfAnswer(okAnswer("Saved"), true)).toEqual({});
  });

  it("a refusal shows the server's field errors, and its sentence inline only when asked", () => {
    const answer = failedAnswer("Please check", { name: "Required" });
    expect(errorsOfAnswer(answer, false)).toEqual({ name: "Required" });
    expect(errorsOfAnswer(answer, true)).toEqual({ _form: "Please check", name: "Required" });
    // A field error under "_form" from the server wins over the sentence.
    expect(errorsOfAnswer(failedAnswer("Sentence", { _form: "Form-wide" }), true)).toEqual({
      _form: "Form-wide",
    });
  });
});
