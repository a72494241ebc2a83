import type { NoticeItem } from "~/features/data-rights/privacy-notice";
import { Card, CardContent, CardHeader } from "~/ui/card";

/** The itemised notice: one block per kind of data (a table would not fit a phone). */
export function PrivacyNoticeTable({ items, contact }: { items: NoticeItem[]; contact: string[] }) {
  return (
    <Card id="notice">
      <CardHeader>
        <h2 className="text-xl font-semibold leading-none tracking-tight">
          What we collect, why, for how long and with whom
        </h2>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <ul className="space-y-3">
          {items.map((i) => (
            <li key={i.what} className="rounded-md border p-3">
              <p className="font-medium text-foreground">{i.what}</p>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-muted-foreground sm:grid-cols-[8rem_1fr]">
                <dt className="font-medium text-foreground/80">Why</dt>
                <dd>{i.why}</dd>
                <dt className="font-medium text-foreground/80">How long</dt>
                <dd>{i.howLong}</dd>
                <dt className="font-medium text-foreground/80">Shared with</dt>
                <dd>{i.sharedWith}</dd>
              </dl>
            </li>
          ))}
        </ul>
        {contact.map((p) => (
          <p key={p} className="text-muted-foreground">
            {p}
          </p>
        ))}
        <p>
          <a href="/my-data" className="font-medium underline underline-offset-2">
            My data: see, download, correct or erase your data
          </a>
        </p>
      </CardContent>
    </Card>
  );
}
