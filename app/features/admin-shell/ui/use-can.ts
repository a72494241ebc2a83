import { useRouteLoaderData } from "react-router";
import type { Permission } from "~/shared/staff-access";

/**
 * Whether the signed-in member's role may do what `permission` names: the admin frame's loader lists the
 * role's permissions (staff-roles.ts). The server refuses anyway (403); this only keeps a form out of sight.
 * Outside the admin frame (a part rendered on its own) everything is shown.
 */
export function useCan(permission: Permission): boolean {
  const frame = useRouteLoaderData("features/admin-shell/routes/admin-layout") as
    { permissions?: readonly string[] } | undefined;
  return frame?.permissions?.includes(permission) ?? true;
}
