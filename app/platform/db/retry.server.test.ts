import { describe, expect, it } from "vitest";
import { isTransactionConflict, retryTransactionConflicts } from "./retry.server";

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
/** As drizzle throws it: the driver's error as the cause. */
const wrapped = (code: string) => new Error("Failed query", { cause: pgError(code) });

describe("retryTransactionConflicts", () => {
  it("runs a transaction rolled back by a deadlock or a serialisation failure again, at most three times", async () => {
    let runs = 0;
    const r = await retryTransactionConflicts("test", async () => {
      runs++;
      if (runs === 1) throw wrapped("40P01");
      if (runs === 2) throw pgError("40001");
      return "done";
    });
    expect([r, runs]).toEqual(["done", 3]);

    runs = 0;
    const always = retryTransactionConflicts("test", async () => {
      runs++;
      throw wrapped("40P01");
    });
    await expect(always).rejects.toThrow("Failed query");
    expect(runs).toBe(3);
  });

  it("throws any other error at once", async () => {
    let runs = 0;
    const unique = retryTransactionConflicts("test", async () => {
      runs++;
      throw wrapped("23505");
    });
    await expect(unique).rejects.toThrow("Failed query");
    expect(runs).toBe(1);
    expect(isTransactionConflict(wrapped("40001"))).toBe(true);
    expect(isTransactionConflict(new Error("x"))).toBe(false);
  });
});
