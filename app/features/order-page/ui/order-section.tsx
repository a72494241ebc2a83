import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "~/ui/card";

/** One titled card of the order page. */
export function OrderSection(props: {
  title: string;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card className={props.className}>
      <CardHeader>
        <h2 className="text-lg font-semibold">{props.title}</h2>
      </CardHeader>
      <CardContent className={props.contentClassName}>{props.children}</CardContent>
    </Card>
  );
}
