import { LogOut } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { Form, isRouteErrorResponse, Link, Outlet, useRouteError, useSubmit } from "react-router";
import {
  AdminSidebar,
  SIDEBAR_COOKIE,
  SidebarTrigger,
  useSidebar,
} from "~/features/admin-shell/ui/admin-sidebar";
import { Button } from "~/ui/button";
import { toast } from "~/ui/toast";
import { adminHeaders, adminMeta } from "~/features/admin-shell/ui/admin-meta";
import {
  answerOtherTabs,
  askOtherTabs,
  checkTabMarker,
  clearAdminStorage,
  clearSessionStorageOnUnload,
  markerRemovedBy,
  markTabJoined,
  markTabSignedIn,
  takeSignInGrant,
  takeWelcome,
} from "~/features/admin-shell/ui/admin-tab-session";
import { requireAdmin, type RoleRefusalAnswer } from "~/platform/auth/auth.server";
import { can, PERMISSIONS } from "~/shared/staff-access";
import { env } from "~/platform/env.server";
import type { Route } from "./+types/admin-layout";

export const meta: Route.MetaFunction = () => adminMeta("Admin");
export const headers: Route.HeadersFunction = () => adminHeaders();

function sidebarOpenFromCookie(request: Request): boolean {
  const m = request.headers.get("cookie")?.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=(true|false)`));
  return m ? m[1] === "true" : true;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, "self");
  return {
    email: user.email,
    role: user.role,
    /** What the role may do (staff-roles.ts), for forms inside pages that hide what it may not. */
    permissions: PERMISSIONS.filter((p) => can(user.role, p)),
    sidebarOpen: sidebarOpenFromCookie(request),
    hiddenLogoutMs: env().ADMIN_HIDDEN_LOGOUT_MS,
  };
}

/** The spec's browser-side session rules, on top of the server session. */
function useTabSessionRules(hiddenLogoutMs: number, signOut: () => void) {
  useEffect(() => {
    let stopped = false;
    let stopAnswering = () => {};
    if (takeSignInGrant()) markTabSignedIn();
    // A tab without a marker joins the browser's live admin tabs, or signs out when there are none.
    const ready = checkTabMarker()
      ? Promise.resolve(true)
      : askOtherTabs().then((others) => {
          if (others.alive && !stopped) markTabJoined();
          return others.alive;
        });
    void ready.then((ok) => {
      if (stopped) return;
      if (!ok) return signOut();
      stopAnswering = answerOtherTabs();
      if (takeWelcome()) toast.success("Welcome!", { description: "Successfully logged in to admin panel." });
    });

    let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
    // Hidden past the delay: signed out, unless another admin tab of this browser is in view.
    const hiddenTooLong = () =>
      void askOtherTabs().then((others) => {
        if (!stopped && document.visibilityState === "hidden" && !others.visible) signOut();
      });
    const onVisibility = () => {
      clearTimeout(hiddenTimer);
      if (document.visibilityState === "hidden") hiddenTimer = setTimeout(hiddenTooLong, hiddenLogoutMs);
    };
    const onStorage = (e: StorageEvent) => {
      if (markerRemovedBy(e)) signOut();
    };
    const onPageHide = () => clearSessionStorageOnUnload();
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted && !checkTabMarker()) signOut();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("storage", onStorage);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    if (document.visibilityState === "hidden") onVisibility();
    return () => {
      stopped = true;
      stopAnswering();
      clearTimeout(hiddenTimer);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [hiddenLogoutMs, signOut]);
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { email, role, sidebarOpen, hiddenLogoutMs } = loaderData;
  const sidebar = useSidebar(sidebarOpen);
  const submit = useSubmit();
  const signingOut = useRef(false);

  // Clears storage, ends the server session, goes to /admin/login.
  const signOut = useCallback(() => {
    if (signingOut.current) return;
    signingOut.current = true;
    clearAdminStorage();
    void submit(null, { method: "post", action: "/admin/logout", replace: true });
  }, [submit]);

  useTabSessionRules(hiddenLogoutMs, signOut);

  return (
    <div className="flex min-h-screen bg-background">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-primary focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <AdminSidebar
        role={role}
        open={sidebar.open}
        mobileOpen={sidebar.mobileOpen}
        setMobileOpen={sidebar.setMobileOpen}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur">
          <SidebarTrigger onClick={sidebar.toggle} expanded={sidebar.open} />
          <p className="min-w-0 flex-1 truncate text-sm md:text-base">
            Welcome, <span className="font-semibold">{email}</span>
          </p>
          <Form
            method="post"
            action="/admin/logout"
            onSubmit={(e) => {
              e.preventDefault();
              signOut();
            }}
          >
            <Button type="submit" variant="outline" size="sm">
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </Form>
        </header>
        <main id="admin-main" className="flex-1 p-4 md:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** Errors inside the admin area: a plain message, never a stack trace; a lost session leads to the login. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A 403 that names a role: signed in, but this page is not for that role (staff-roles.ts).
  const refusal = isRouteErrorResponse(error) ? (error.data as Partial<RoleRefusalAnswer> | null) : null;
  const roleRefused = status === 403 && typeof refusal?.role === "string";
  const sessionEnded = !roleRefused && (status === 401 || status === 403);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-4xl font-bold">
        {roleRefused
          ? "Not available to your role"
          : sessionEnded
            ? "Please sign in again"
            : status === 404
              ? "404"
              : "Something went wrong"}
      </h1>
      <p className="text-muted-foreground">
        {roleRefused
          ? refusal?.message
          : sessionEnded
            ? "Your admin session has ended or this request was refused."
            : status === 404
              ? "Oops! Page not found"
              : "Something went wrong on our side. Please try again."}
      </p>
      <Link
        to={sessionEnded ? "/admin/login" : "/admin"}
        className="text-primary underline underline-offset-4"
        reloadDocument={sessionEnded}
      >
        {sessionEnded ? "Go to Admin Login" : roleRefused ? "Back to the admin" : "Back to the dashboard"}
      </Link>
    </main>
  );
}
