import type { z } from "~/shared/zod";
import { clientNetwork } from "~/platform/auth/auth.server";
import { BodyError, jsonRefusal, methodNotAllowed, readJson } from "./http.server";
import { consume, RateLimited, tooManyRequests, type LimitName } from "~/platform/limits/rate-limit.server";

type Endpoint<S extends z.ZodType> = {
  /** The rate limit counted per client network (clientNetwork), before the body is read. */
  limit: LimitName;
  /** The body cap in bytes, enforced while the body streams in. */
  maxBytes: number;
  schema: S;
  /** The answer to a body that does not match the schema (nothing was done). */
  invalid: (error: z.ZodError) => Response;
  /** When given and false, the endpoint answers 404 (e.g. the test gateway while it is off). */
  enabled?: () => boolean;
};

/**
 * A public JSON POST endpoint: 405 for other methods, the client's rate limit (429 + Retry-After), the
 * body read with a cap (413/415/400), the schema, then the handler. Every public state-changing JSON
 * route of the shop is built with this, so none can forget a limit or a cap. Its refusals answer the one
 * form answer's shape (`{ ok: false, message }`, decisions 031 and 058); `invalid` answers it too (jsonRefusal).
 */
export function jsonEndpoint<S extends z.ZodType>(
  spec: Endpoint<S>,
  handle: (input: z.output<S>, ctx: { clientNetwork: string; request: Request }) => Promise<Response>,
) {
  return async ({ request, context }: { request: Request; context?: unknown }): Promise<Response> => {
    if (request.method !== "POST") return methodNotAllowed();
    if (spec.enabled && !spec.enabled()) return jsonRefusal(404, "Not found");
    const network = clientNetwork(context);
    try {
      await consume(spec.limit, network);
      const parsed = spec.schema.safeParse(await readJson(request, spec.maxBytes));
      if (!parsed.success) return spec.invalid(parsed.error);
      return await handle(parsed.data, { clientNetwork: network, request });
    } catch (err) {
      if (err instanceof RateLimited) return tooManyRequests(err);
      if (err instanceof BodyError) return jsonRefusal(err.status, err.message);
      throw err;
    }
  };
}
