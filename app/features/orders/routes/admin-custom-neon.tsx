import { adminHeaders, adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { OrderAdminPage, OrderAdminPageError } from "~/features/orders/ui/order-admin-page";
import { requireAdmin } from "~/platform/auth/auth.server";
import { handleOrderAction, loadOrderListPage } from "./admin-order-pages.server";
import type { Route } from "./+types/admin-custom-neon";

/** Custom Neon Orders: the signs designed in the customiser (the page is shared with Purchase Details, by kind). */
const KIND = "custom";

export const meta: Route.MetaFunction = () => adminMeta("Custom Neon Orders");
export const headers: Route.HeadersFunction = () => adminHeaders();

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadOrderListPage(request, KIND);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return handleOrderAction(request, KIND, admin);
}

export default function AdminCustomNeon({ loaderData }: Route.ComponentProps) {
  return <OrderAdminPage kind={KIND} data={loaderData} />;
}

export function ErrorBoundary() {
  return <OrderAdminPageError kind={KIND} />;
}
