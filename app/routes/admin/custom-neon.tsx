import { AdminPlaceholder } from "~/components/admin/admin-placeholder";
import { adminMeta } from "~/lib/admin-meta";
import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/custom-neon";

export const meta: Route.MetaFunction = () => adminMeta("Custom Neon Orders");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminCustomNeon() {
  return <AdminPlaceholder title="Custom Neon Orders" description="Orders for custom neon signs." />;
}
