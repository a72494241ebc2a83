/** Calling route modules' loaders and actions as React Router does, and reading what they answered. */

type RouteArgs = { request: Request; params: Record<string, string>; context: unknown };
/** Any loader or action (each route module types its own arguments). */
export type RouteHandler = (args: never) => unknown;

/** The arguments React Router gives a loader or action (`context.clientIp` is what the Express adapter adds). */
export const routeArgs = (
  request: Request,
  params: Record<string, string> = {},
  context: Record<string, unknown> = {},
) => ({ request, params, context }) as never;

/** Call a loader or action with this request (and the route's params, the adapter's context). */
export const callRoute = (
  fn: RouteHandler,
  request: Request,
  params: Record<string, string> = {},
  context: Record<string, unknown> = {},
) => (fn as (a: RouteArgs) => Promise<unknown>)({ request, params, context });

/** What a loader or action did: a Response returned or thrown (its body as text), data() with its status, or plain data (200). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route answers its own shape; tests read what they expect
export type Outcome<B = any> = { status: number; location: string | null; body: B };

export async function outcome(run: Promise<unknown> | (() => unknown)): Promise<Outcome> {
  let r: unknown;
  try {
    r = await (typeof run === "function" ? run() : run);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    r = thrown;
  }
  if (r instanceof Response)
    return { status: r.status, location: r.headers.get("location"), body: await r.text() };
  const d = r as { type?: string; init?: { status?: number } | null; data?: unknown } | null;
  if (d?.type === "DataWithResponseInit")
    return { status: d.init?.status ?? 200, location: null, body: d.data };
  return { status: 200, location: null, body: r };
}
