import { handleProofUpload } from "~/server/design-proofs.server";
import type { Route } from "./+types/admin-design-proofs";

/** POST: staff send a design proof of a custom order (picture + message). Admins only. */
export async function action({ request }: Route.ActionArgs) {
  return handleProofUpload(request);
}
