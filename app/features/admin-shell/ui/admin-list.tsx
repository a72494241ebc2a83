import { Plus } from "lucide-react";
import type * as React from "react";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "~/ui/table";
import { useFetcherForm } from "~/ui/use-form";
import { cn } from "~/ui/utils";

/*
 * The frames of the admin's list pages: a titled card, a note for an empty list, a table with its head row,
 * the card of a table of records (with its Actions column) and the card of an ordered list.
 */

/**
 * The delete fetcher the rows of a list share unless they name their own: the list's card shows its answer,
 * because the live refresh may remove a deleted row before the answer arrives (and the row's toast with it).
 */
export const ROW_DELETE_FETCHER = "row-delete";

/** The "Add …" button of a list page's header. */
export function AddButton({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button type="button" onClick={onClick} disabled={disabled}>
      <Plus /> {children}
    </Button>
  );
}

/**
 * A card with a title and a line saying what it is for. `level` 2: the title is a heading of the page's
 * outline (a page of sections); else the card's own title.
 */
export function SectionCard({
  id,
  title,
  description,
  level,
  contentClassName,
  children,
}: {
  /** The card's anchor, for links to it ("#settlements"). */
  id?: string;
  title: React.ReactNode;
  description: React.ReactNode;
  level?: 2;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card id={id} className={id ? "scroll-mt-20" : undefined}>
      <CardHeader>
        {level === 2 ? (
          <h2 className="font-semibold leading-none tracking-tight">{title}</h2>
        ) : (
          <CardTitle>{title}</CardTitle>
        )}
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/** What an empty list or table shows instead. */
export function EmptyNote({ className, children }: { className: string; children: React.ReactNode }) {
  return <p className={cn(className, "text-center text-muted-foreground")}>{children}</p>;
}

/** A table's column heading: its text, or its text and classes (e.g. hidden on phones). */
export type Column = string | { label: string; className?: string };

/** A table with its head row; `children` are its body rows. */
export function AdminTable({
  columns,
  scrollLabel,
  children,
}: {
  columns: readonly Column[];
  scrollLabel?: string;
  children: React.ReactNode;
}) {
  return (
    <Table scrollLabel={scrollLabel}>
      <TableHeader>
        <TableRow>
          {columns.map((c) => {
            const { label, className } = typeof c === "string" ? { label: c, className: undefined } : c;
            return (
              <TableHead key={label} className={className}>
                {label}
              </TableHead>
            );
          })}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

/** The card of a list page's records: a table (one row per item, an Actions column last), or the empty note. */
export function AdminTableCard<T>({
  columns,
  items,
  empty,
  children,
}: {
  columns: readonly Column[];
  items: readonly T[];
  empty: string;
  /** The table row of an item. */
  children: (item: T) => React.ReactNode;
}) {
  useFetcherForm({ key: ROW_DELETE_FETCHER });
  return (
    <Card>
      <CardContent className="p-0 sm:p-2">
        {items.length === 0 ? (
          <EmptyNote className="p-8">{empty}</EmptyNote>
        ) : (
          <AdminTable columns={[...columns, { label: "Actions", className: "text-right" }]}>
            {items.map(children)}
          </AdminTable>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A titled card holding a list of rows (one `<li>` per item; numbered when `ordered`), or the empty note.
 * `removals`: the key of the rows' shared delete fetcher (ROW_DELETE_FETCHER unless given), whose answer the
 * card shows (a removed row may be gone, by the live refresh, before its answer arrives).
 */
export function AdminListCard<T>({
  title,
  description,
  label,
  ordered = false,
  items,
  empty,
  removals,
  children,
}: {
  title: string;
  description: string;
  /** The list's accessible name. */
  label: string;
  ordered?: boolean;
  items: readonly T[];
  empty: string;
  removals?: string;
  /** The list item of an item. */
  children: (item: T, index: number) => React.ReactNode;
}) {
  useFetcherForm({ key: removals ?? ROW_DELETE_FETCHER });
  const List = ordered ? "ol" : "ul";
  return (
    <SectionCard title={title} description={description}>
      {items.length === 0 ? (
        <EmptyNote className="py-6">{empty}</EmptyNote>
      ) : (
        <List className="divide-y" aria-label={label}>
          {items.map(children)}
        </List>
      )}
    </SectionCard>
  );
}
