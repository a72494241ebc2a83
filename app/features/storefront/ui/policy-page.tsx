import { Card, CardContent, CardHeader } from "~/ui/card";

export type PolicySection = { heading: string; paragraphs?: string[]; items?: string[] };

/**
 * A policy page: a title, the date it was last updated ("Last updated: 28 November 2026") and one card per
 * section.
 */
export function PolicyPage({
  title,
  updated,
  intro,
  sections,
  children,
}: {
  title: string;
  /** When its text last changed (lastUpdatedDate: its words' date, or its settings' last save if later). */
  updated: string;
  intro: string;
  sections: PolicySection[];
  /** Shown after the introduction, before the numbered sections. */
  children?: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-12">
      <header className="space-y-3 text-center">
        <h1 className="text-3xl font-extrabold md:text-5xl">{title}</h1>
        <p className="text-sm text-muted-foreground">Last updated: {updated}</p>
        <p className="text-muted-foreground">{intro}</p>
      </header>
      {children}
      {sections.map((s, i) => (
        <Card key={s.heading}>
          <CardHeader>
            <h2 className="text-xl font-semibold leading-none tracking-tight">
              {i + 1}. {s.heading}
            </h2>
          </CardHeader>
          <CardContent className="space-y-3 text-muted-foreground">
            {s.paragraphs?.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {s.items && (
              <ul className="list-inside list-disc space-y-1">
                {s.items.map((it) => (
                  <li key={it}>{it}</li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
