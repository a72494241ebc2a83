import { z } from "zod";

// zod probes `new Function` to speed up parsing; our CSP forbids eval, so in the browser the probe only
// produces a CSP violation report. Every domain schema is built from this module, so the setting is on
// wherever zod is loaded (lazily, in the chunks that need it), without putting zod in every page.
z.config({ jitless: true });

export { z };
