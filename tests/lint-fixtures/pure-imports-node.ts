// Linted as app/shared/fixture.ts and app/features/catalog/fixture.ts: pure rules are pure.
import fs from "node:fs";
import { env } from "~/platform/env.server";

export const size = (): number => fs.statSync(env().DATA_DIR).size;
