import { handleProofUpload } from "~/features/design-proofs/design-proofs.server";
import type { Route } from "./+types/api-admin-design-proofs";

/** POST: staff send a design proof of a custom order (picture + message). Admins only. */
export async function action({ request }: Route.ActionArgs) {
  return handleProofUpload(request);
}
