import { Link } from "react-router";
import { PrivateLinkErrorPage } from "~/ui/error-page";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { pageMeta } from "~/ui/seo";
import { useFetcherForm } from "~/ui/use-form";
import { checkReplyFields, COMPLAINT_REPLY_MAX } from "~/features/grievances/grievance-limits";
import { ComplaintThread } from "~/features/grievances/ui/complaint-thread";
import {
  complaintPageLoader,
  complaintReplyAction,
} from "~/features/grievances/routes/complaint-routes.server";
import type { Route } from "./+types/complaint-page";

export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  pageMeta(matches, {
    title: d ? `Complaint ${d.number}` : "Your complaint",
    description: "Your complaint's status and our replies.",
    path: "/complaints",
    noindex: true,
  });

// The link is the key to the ticket: never cached on the way, never indexed.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const ticket = await complaintPageLoader(params.token, context);
  // Just raised (the form redirects here): the page says so above the ticket.
  return { ...ticket, raised: new URL(request.url).searchParams.has("raised") };
}

export function action({ params, request, context }: Route.ActionArgs) {
  return complaintReplyAction({ params, request, context });
}

function ReplyForm({ resolved }: { resolved: boolean }) {
  const { fetcher, errors, pending, props } = useFetcherForm({
    schema: checkReplyFields,
    toast: { ok: "Message sent", failed: "Message not sent" },
    onAnswer: (a) => {
      if (a.ok) (document.getElementById("gr-reply") as HTMLTextAreaElement | null)?.form?.reset();
    },
  });
  return (
    <fetcher.Form method="post" className="grid gap-3" {...props}>
      <Field
        id="gr-reply"
        name="body"
        label={resolved ? "Not satisfied? Write to us and we reopen your complaint" : "Write to us"}
        error={errors.body}
      >
        {(control) => <Textarea {...control} rows={4} maxLength={COMPLAINT_REPLY_MAX} required />}
      </Field>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Sending..." : "Send message"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** The shopper's ticket: its number, status and clocks, the thread (never staff's notes), a reply. */
export default function ComplaintPage({ loaderData: t }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      {t.raised ? (
        <p role="status" className="rounded-md border border-primary/60 bg-accent p-4 text-sm">
          Thank you. Your complaint is registered as <span className="font-mono font-bold">{t.number}</span>.
          We have e-mailed you this number and a link to this page.
        </p>
      ) : null}
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">
          Complaint <span className="font-mono">{t.number}</span>
        </h1>
        <p className="text-muted-foreground">
          Received on {t.receivedAt} · <span className="font-medium text-foreground">{t.statusLabel}</span>
        </p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">About</dt>
              <dd className="font-medium">
                {t.category}
                {t.orderRef ? ` · order ${t.orderRef}` : ""}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Acknowledgement</dt>
              <dd className="font-medium">
                {t.acknowledgedAt ? `Acknowledged on ${t.acknowledgedAt}` : `By ${t.acknowledgeBy}`}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Resolution</dt>
              <dd className="font-medium">
                {t.resolvedAt ? `Resolved on ${t.resolvedAt}` : `By ${t.resolveBy} at the latest`}
              </dd>
            </div>
          </dl>
          {t.resolution ? (
            <div className="mt-4 rounded-md border border-green-600/60 p-3 text-sm">
              <p className="font-medium">Our resolution</p>
              <p className="whitespace-pre-line">{t.resolution}</p>
            </div>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Messages</h2>
        </CardHeader>
        <CardContent className="space-y-6">
          <ComplaintThread messages={t.messages} photo={t.photo} />
          <ReplyForm resolved={t.status === "resolved"} />
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground">
        Keep this page&apos;s link private: anyone with it can read this complaint.
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PrivateLinkErrorPage
      error={error}
      notFound={{
        title: "Complaint not found",
        text: "This complaint link is not valid. Use the link from your complaint e-mail.",
      }}
      action={
        <Button asChild>
          <Link to="/complaints/new">Raise a complaint</Link>
        </Button>
      }
    />
  );
}
