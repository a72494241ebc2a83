import { Link, useNavigation } from "react-router";
import { pageMeta } from "~/ui/seo";
import { useForm } from "~/ui/use-form";
import { myDataAction, myDataLoader } from "~/features/data-rights/routes/my-data.server";
import { CodeForm, ForgetButton, StartForm } from "~/features/data-rights/ui/my-data-forms";
import {
  ConsentsSection,
  CorrectionSection,
  EraseSection,
  ExportSection,
} from "~/features/data-rights/ui/data-hub";
import type { ErasureReport } from "~/features/data-rights/data-erasure.server";
import type { Route } from "./+types/my-data";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "My data",
    description: "See, download, correct or erase the personal data we hold on you, and withdraw consents.",
    path: "/my-data",
    noindex: true,
  });

export function loader({ request }: Route.LoaderArgs) {
  return myDataLoader(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return myDataAction({ request, context });
}

/**
 * "My data" (issue 32): ask with the e-mail or phone you ordered with, type the code we e-mail, then
 * download, correct, erase and withdraw consents for 30 minutes.
 */
export default function MyDataPage({ loaderData: page, actionData: answer }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const form = useForm({ answer, pending: busy, toast: false });
  const { errors } = form;
  const erased = answer && "erased" in answer ? (answer as { erased: ErasureReport }).erased : undefined;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">My data</h1>
        <p className="text-muted-foreground">
          See and download the personal data we hold on you, correct it, erase it, or withdraw a consent. To
          keep it yours, we first send a one-time code to the e-mail you ordered with.
        </p>
        <p className="text-sm">
          How we use your data:{" "}
          <Link to="/privacy-policy" className="underline underline-offset-2">
            Privacy Policy
          </Link>
          . Questions:{" "}
          <a href={`mailto:${page.dataContact}`} className="underline underline-offset-2">
            {page.dataContact}
          </a>
          .
        </p>
      </div>
      {answer?.message && !(answer.ok && page.state === "start") ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={
            answer.ok
              ? "rounded-md border border-green-600 bg-green-500/10 p-3 text-sm"
              : "rounded-md border border-destructive p-3 text-sm text-destructive"
          }
        >
          {answer.message}
        </p>
      ) : null}
      {page.state === "start" ? <StartForm errors={errors} busy={busy} formProps={form.props} /> : null}
      {page.state === "code" ? <CodeForm errors={errors} busy={busy} formProps={form.props} /> : null}
      {page.state === "closed" ? (
        <div className="space-y-3 rounded-md border p-4 text-sm">
          <p>This request has ended: its code was used up or its 30 minutes are over.</p>
          <ForgetButton label="Ask for a new code" />
        </div>
      ) : null}
      {page.state === "open" ? (
        <>
          <p className="text-sm">
            Signed in for 30 minutes as <span className="font-medium">{page.contact}</span>.
          </p>
          <ExportSection orderCount={page.orderCount} />
          <ConsentsSection consents={page.consents} />
          <CorrectionSection orders={page.correctable} errors={errors} />
          <EraseSection errors={errors} report={erased} />
          <ForgetButton label="Done: forget this request on this browser" />
        </>
      ) : null}
    </div>
  );
}
