// Linted as app/domain/fixture.ts: the domain is pure.
import fs from "node:fs";
import { env } from "~/platform/env.server";

export const size = (): number => fs.statSync(env().DATA_DIR).size;
