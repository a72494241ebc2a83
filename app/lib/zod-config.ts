import { z } from "zod";

// zod probes `new Function` to speed up parsing; our CSP forbids eval, so the probe only produces a
// console violation. Parse without it (the difference is negligible for our form sizes).
z.config({ jitless: true });
