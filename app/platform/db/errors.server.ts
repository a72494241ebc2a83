/** The PostgreSQL error behind a (possibly wrapped) driver or ORM error. */
export type PgError = { code: string; constraint?: string; detail?: string; message: string };

export function pgErrorOf(e: unknown): PgError | undefined {
  let cur: unknown = e;
  for (let depth = 0; cur && depth < 5; depth++) {
    if (
      typeof cur === "object" &&
      "code" in cur &&
      typeof (cur as PgError).code === "string" &&
      /^[0-9A-Z]{5}$/.test((cur as PgError).code)
    ) {
      return cur as PgError;
    }
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (e: unknown, constraint?: string) => {
  const pg = pgErrorOf(e);
  return pg?.code === "23505" && (!constraint || pg.constraint === constraint);
};
