import type * as React from "react";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import { cn } from "~/ui/utils";

/** Title, subtitle, live-update status and the main action of an admin page. */
export function AdminPageHeader({
  title,
  description,
  live,
  children,
}: {
  title: string;
  description: string;
  /** Whether the page's event stream is connected (changes made elsewhere show at once). */
  live?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
        {live === undefined ? null : (
          <p
            role="status"
            data-live={live}
            className="mt-1 flex items-center gap-2 text-xs text-muted-foreground"
          >
            <span
              className={cn("size-2 rounded-full", live ? "bg-green-500" : "bg-muted-foreground")}
              aria-hidden="true"
            />
            {live ? "Live updates on" : "Live updates paused"}
          </p>
        )}
      </div>
      {children}
    </div>
  );
}

/**
 * An admin page: its header (title, subtitle, live-update status, main action) over its sections. With
 * `liveTables` it is kept up to date while open: a change to one of them, made here or elsewhere, reloads
 * the page's data.
 */
export function AdminPage({
  title,
  description,
  liveTables,
  action,
  children,
}: {
  title: string;
  description: string;
  liveTables?: readonly string[];
  /** The header's main action (e.g. "Add Category"). */
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { connected } = useLiveRevalidate({
    url: "/api/admin/events",
    tables: liveTables ?? [],
    enabled: liveTables !== undefined,
  });
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title={title} description={description} live={liveTables && connected}>
        {action}
      </AdminPageHeader>
      {children}
    </div>
  );
}
