import { KeyRound, PlugZap, Save, X } from "lucide-react";
import { SectionCard } from "~/features/admin-shell/ui/admin-list";
import { saveKeysSchema } from "~/features/service-keys/service-keys-form";
import type { KeyView } from "~/platform/service-keys.server";
import { formatIstDate } from "~/shared/ist-dates";
import { SERVICE_KEYS, SERVICE_TITLES, keyTitle, type Service } from "~/shared/service-keys";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useFetcherForm } from "~/ui/use-form";

export type ServiceView = { service: Service; status: string; keys: KeyView[] };

const WHAT_FOR: Record<Service, string> = {
  razorpay: "Online payments. Dashboard > Account & Settings > API Keys.",
  shiprocket:
    "Courier bookings, rates and tracking. Shiprocket > Settings > API: an API user's e-mail and password.",
  whatsapp: "Shoppers' order updates and the COD confirmation's buttons. WhatsApp Manager and the Meta app.",
  smtp: "Order e-mails and notices to the shop.",
};

/** The address a service calls the shop back at, to type into its dashboard. */
const WEBHOOK: Partial<Record<Service, { path: string; where: string }>> = {
  razorpay: { path: "/api/razorpay/webhook", where: "Razorpay's webhook (with the webhook secret)" },
  whatsapp: { path: "/api/whatsapp/webhook", where: "the Meta app's callback URL (with the verify token)" },
};

const formId = (s: string) => `keys-${s}-other`;
const clearId = (name: string) => `clear-${name}`;

/** Where a key comes from, in words. */
function keyNote(k: KeyView): string {
  if (k.source === "env")
    return `Set in the environment (${k.name}): it wins over a key saved here; change it there.${k.saved ? " A key saved here is kept but not used." : ""}`;
  if (k.source === "saved")
    return `Saved ${k.savedAt ? formatIstDate(k.savedAt) : ""}${k.savedBy ? ` by ${k.savedBy}` : ""}. Type a new one to replace it.`;
  return SERVICE_KEYS[k.name].hint ?? (SERVICE_KEYS[k.name].required ? "Not set." : "Optional.");
}

/** One key's field: empty (a saved key is never shown, only its last 4 characters), read-only when the environment sets it. */
function KeyField({ k, error, service }: { k: KeyView; error?: string; service: Service }) {
  const def = SERVICE_KEYS[k.name];
  return (
    <div className="flex flex-col gap-1">
      <Field id={`key-${k.name}`} name={k.name} label={def.label} error={error} description={keyNote(k)}>
        {(control) =>
          k.source === "env" ? (
            <Input {...control} name={undefined} readOnly value={k.shown ?? ""} />
          ) : (
            <Input
              {...control}
              type={def.secret ? "password" : "text"}
              autoComplete={def.secret ? "new-password" : "off"}
              spellCheck={false}
              placeholder={k.shown ?? "Not set"}
              maxLength={service === "smtp" ? 500 : 1000}
            />
          )
        }
      </Field>
      {k.saved ? (
        <Button
          type="submit"
          form={clearId(k.name)}
          variant="outline"
          size="sm"
          className="self-end"
          aria-label={`Clear the ${keyTitle(k.name)}`}
        >
          <X /> Clear
        </Button>
      ) : null}
    </div>
  );
}

/** Clearing one saved key: a form of its own (its button sits beside the key's field). */
function ClearKeyForm({ name }: { name: string }) {
  const form = useFetcherForm({ toast: { ok: "Key cleared", failed: "Not cleared" } });
  return (
    <form.fetcher.Form id={clearId(name)} method="post" {...form.props} className="hidden">
      <input type="hidden" name="intent" value="clear" />
      <input type="hidden" name="name" value={name} />
    </form.fetcher.Form>
  );
}

/**
 * A service's keys (issue 42): what it does now, its keys (where each comes from, the last 4 characters of
 * the one in use), Save keys (empty fields keep the saved ones), Clear per saved key, Check connection.
 */
export function ServiceKeysCard({ view, publicUrl }: { view: ServiceView; publicUrl: string }) {
  const save = useFetcherForm({ schema: saveKeysSchema, toast: { ok: "Keys saved", failed: "Not saved" } });
  const check = useFetcherForm({ toast: { ok: "Connected", failed: "Not connected" } });
  const { service } = view;
  const webhook = WEBHOOK[service];
  return (
    <section id={`keys-${service}`} className="scroll-mt-4">
      <SectionCard
        title={SERVICE_TITLES[service]}
        description={`${WHAT_FOR[service]} ${view.status}`}
        level={2}
      >
        <save.fetcher.Form method="post" {...save.props} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="service" value={service} />
          <div className="grid gap-4 md:grid-cols-2">
            {view.keys.map((k) => (
              <KeyField key={k.name} k={k} error={save.errors[k.name]} service={service} />
            ))}
          </div>
          {webhook ? (
            <p className="text-xs text-muted-foreground">
              Address for {webhook.where}: <code className="break-all">{`${publicUrl}${webhook.path}`}</code>
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="submit" form={formId(service)} variant="outline" disabled={check.pending}>
              <PlugZap /> {check.pending ? "Checking..." : "Check connection"}
            </Button>
            <Button type="submit" disabled={save.pending || view.keys.every((k) => k.source === "env")}>
              {save.pending ? <KeyRound /> : <Save />} {save.pending ? "Saving..." : "Save keys"}
            </Button>
          </div>
        </save.fetcher.Form>
        <check.fetcher.Form id={formId(service)} method="post" {...check.props} className="hidden">
          <input type="hidden" name="intent" value="check" />
          <input type="hidden" name="service" value={service} />
        </check.fetcher.Form>
        {view.keys
          .filter((k) => k.saved)
          .map((k) => (
            <ClearKeyForm key={k.name} name={k.name} />
          ))}
      </SectionCard>
    </section>
  );
}
