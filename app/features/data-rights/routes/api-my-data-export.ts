import { myDataExport } from "~/features/data-rights/routes/my-data.server";
import type { Route } from "./+types/api-my-data-export";

/** GET /my-data/export.json: the verified contact's data as a download (the cookie's request must be open). */
export function loader({ request, context }: Route.LoaderArgs) {
  return myDataExport(request, context);
}
