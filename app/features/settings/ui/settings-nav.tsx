import type * as React from "react";
import { Link } from "react-router";
import { KEYS_SECTION, SETTINGS_PATH, SETTINGS_SECTIONS } from "~/features/settings/settings-sections";
import { cn } from "~/ui/utils";

const ITEMS = [...SETTINGS_SECTIONS, KEYS_SECTION];

/**
 * The settings' section menu (issue 42): every section's page, the current one marked. A row of links that
 * wraps on a phone, a column beside the form from tablet width up.
 */
export function SettingsNav({ current }: { current: string }) {
  return (
    <nav aria-label="Settings sections" className="md:sticky md:top-4 md:self-start">
      <ul className="flex flex-wrap gap-2 md:flex-col md:gap-1">
        {ITEMS.map((s) => (
          <li key={s.slug}>
            <Link
              to={`${SETTINGS_PATH}/${s.slug}`}
              aria-current={s.slug === current ? "page" : undefined}
              className={cn(
                "block rounded-md border px-3 py-1.5 text-sm transition-colors md:border-transparent",
                s.slug === current
                  ? "border-primary bg-primary text-primary-foreground md:border-primary"
                  : "bg-background hover:bg-muted",
              )}
            >
              {s.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A settings page's frame: the section menu beside (or above) the section's own content. */
export function SettingsLayout({ current, children }: { current: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-6 md:grid-cols-[12rem_minmax(0,1fr)]">
      <SettingsNav current={current} />
      <div className="flex min-w-0 flex-col gap-6">{children}</div>
    </div>
  );
}
