import { z } from "zod";
import { cartItemSchema } from "~/domain/cart";
import { BodyError, json, methodNotAllowed, readJson } from "~/server/http.server";
import { quoteCart } from "~/server/orders.server";
import type { Route } from "./+types/checkout-quote";

const quoteSchema = z.object({ items: z.array(cartItemSchema.extend({ image: z.string().max(400_000).optional().default("") })).max(50) });

/** POST /api/checkout/quote: the cart priced as the server will charge it (nothing written). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  try {
    const parsed = quoteSchema.safeParse(await readJson(request, 2_000_000));
    if (!parsed.success) return json({ error: "The cart could not be read." }, 400);
    return json(await quoteCart(parsed.data.items));
  } catch (err) {
    if (err instanceof BodyError) return json({ error: err.message }, err.status);
    throw err;
  }
}

export function loader() {
  return methodNotAllowed();
}
