import { EnvError, parseEnv } from "~/platform/env.server";

/** The message `parseEnv` refuses these variables with; fails the test when they are accepted. */
export function envError(vars: Record<string, string>): string {
  try {
    parseEnv(vars);
  } catch (e) {
    if (e instanceof EnvError) return e.message;
    throw e;
  }
  throw new Error("expected the environment to be refused");
}
