import { Outlet } from "react-router";
import { Toaster } from "~/ui/sonner";

/** Wraps the login page and the admin area (no public header or footer); one toaster for both. */
export default function AdminRoot() {
  return (
    <>
      <Outlet />
      <Toaster position="bottom-right" />
    </>
  );
}
