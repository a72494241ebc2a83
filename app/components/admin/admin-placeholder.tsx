import { Construction } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** A page of the admin area that is still being built. */
export function AdminPlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
      </div>
      <Card className="max-w-xl">
        <CardHeader className="flex-row items-center gap-3">
          <Construction className="size-6 shrink-0 text-primary" aria-hidden="true" />
          <div className="flex flex-col gap-1.5">
            <CardTitle>Coming soon</CardTitle>
            <CardDescription>This part of the admin panel is being built.</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          Until then, the dashboard shows the shop's totals and the latest orders.
        </CardContent>
      </Card>
    </div>
  );
}
