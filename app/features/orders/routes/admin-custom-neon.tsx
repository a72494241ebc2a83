import type { ReactNode } from "react";
import { orderPageRoute } from "~/features/orders/ui/order-admin-page";
import { CUSTOM_ORDERS_VIEW } from "~/features/orders/ui/custom-order-views";
import { loadOrderListPage, orderPageAction } from "./admin-order-pages.server";
import type { Route } from "./+types/admin-custom-neon";

/** Custom Neon Orders: the signs designed in the customiser (the page is shared with Purchase Details, by kind). */
const page = orderPageRoute(CUSTOM_ORDERS_VIEW);

export const { meta, ErrorBoundary } = page;
export const loader = ({ request }: Route.LoaderArgs) => loadOrderListPage(request, "custom");
export const action = orderPageAction("custom");
export default page.Page satisfies (props: Route.ComponentProps) => ReactNode;
