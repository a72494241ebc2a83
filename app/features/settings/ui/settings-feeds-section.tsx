import { ChoiceSelect } from "~/features/admin-shell/ui/native-select";
import { Field } from "~/ui/field";
import { FEED_SWITCH, FEED_SWITCH_LABELS } from "~/features/settings/feed-settings";
import { type Errors, idOf, Section, type Values } from "./settings-fields";

const FEEDS = [
  {
    name: "feeds.google",
    label: "Google Merchant Center",
    path: "/feeds/google.xml",
    description:
      "Give this address to Merchant Center as a scheduled fetch (Products > Add products > From a file).",
  },
  {
    name: "feeds.meta",
    label: "Meta catalogue (Instagram and Facebook shops)",
    path: "/feeds/meta.csv",
    description: "Give this address to Commerce Manager as a scheduled data feed (Catalogue > Data sources).",
  },
] as const;

/** Which product feeds are published (a feed not published answers 404). */
export function FeedsSection({ values, errors }: { values: Values; errors: Errors }) {
  return (
    <Section
      title="Product feeds"
      description="One item per product and size, active products only, with prices in INR, stock, shipping and the return policy. Updated as the catalogue changes."
    >
      {FEEDS.map((f) => (
        <Field
          key={f.name}
          id={idOf(f.name)}
          name={f.name}
          label={f.label}
          error={errors[f.name]}
          description={`${f.path} · ${f.description}`}
        >
          {(control) => (
            <ChoiceSelect
              {...control}
              choices={FEED_SWITCH}
              labels={FEED_SWITCH_LABELS}
              defaultValue={values[f.name] || "off"}
            />
          )}
        </Field>
      ))}
    </Section>
  );
}
