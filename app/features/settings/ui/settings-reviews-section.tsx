import { ChoiceSelect } from "~/features/admin-shell/ui/native-select";
import { Field } from "~/ui/field";
import { REVIEW_PUBLISHING, REVIEW_PUBLISHING_LABELS } from "~/features/settings/review-settings";
import { type Errors, idOf, Section, type Values } from "./settings-fields";

/** How buyers' reviews are published (the review policy page says the same). */
export function ReviewsSection({ values, errors }: { values: Values; errors: Errors }) {
  const name = "reviews.autoPublish";
  return (
    <Section
      title="Reviews"
      description="Reviews with photos or links always wait for moderation at Reviews. Low ratings are published like high ones."
    >
      <Field
        id={idOf(name)}
        name={name}
        label="Publishing"
        error={errors[name]}
        description="Text-only reviews can go live at once; you can still reject them later by the review policy's criteria."
      >
        {(control) => (
          <ChoiceSelect
            {...control}
            choices={REVIEW_PUBLISHING}
            labels={REVIEW_PUBLISHING_LABELS}
            defaultValue={values[name] || "moderate"}
          />
        )}
      </Field>
    </Section>
  );
}
