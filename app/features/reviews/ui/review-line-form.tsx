import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { useForm } from "~/ui/use-form";
import type { FormAnswer } from "~/shared/form-answer";
import { REVIEW_BODY_MAX, REVIEW_PHOTOS_MAX, REVIEW_TITLE_MAX } from "~/features/reviews/reviews";

/**
 * The review form of one order line: stars, title, text, up to four photos and the showcase opt-in. A plain
 * multipart form (works before JavaScript loads); the server's answer shows beside the fields.
 */
export function ReviewLineForm({ lineRef, answer }: { lineRef: string; answer: FormAnswer | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("line") === lineRef;
  const form = useForm({ answer, pending: busy, toast: false });
  const { errors } = form;
  const id = lineRef.replace(/[^a-z0-9]/gi, "-");
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-4" {...form.props}>
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="line" value={lineRef} />
      <fieldset className="grid gap-2" aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Your rating</legend>
        <div className="flex flex-wrap gap-2">
          {[5, 4, 3, 2, 1].map((n) => (
            <label
              key={n}
              className="flex cursor-pointer items-center gap-1 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
            >
              <input type="radio" name="rating" value={n} required />
              {`${n} ${n === 1 ? "star" : "stars"}`}
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id={`${id}-rating-error`} className="text-sm text-destructive">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <Field id={`${id}-title`} name="title" label="Title" error={errors.title}>
        {(control) => <Input {...control} maxLength={REVIEW_TITLE_MAX} required />}
      </Field>
      <Field id={`${id}-body`} name="body" label="Your review" error={errors.body}>
        {(control) => <Textarea {...control} rows={4} maxLength={REVIEW_BODY_MAX} required />}
      </Field>
      <Field
        id={`${id}-photos`}
        name="photos"
        label={`Photos (up to ${REVIEW_PHOTOS_MAX}, PNG, JPEG or WebP, 8 MB each)`}
        description="Location and camera details are removed from your photos before they are stored."
        error={errors.photos}
      >
        {(control) => <Input {...control} type="file" multiple accept="image/png,image/jpeg,image/webp" />}
      </Field>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="showcase" className="mt-1" />
        <span>The shop may show my photos among its customer photos.</span>
      </label>
      {form.formError ? (
        <p role="alert" className="text-sm text-destructive">
          {form.formError}
        </p>
      ) : null}
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? "Sending..." : "Send review"}
      </Button>
    </Form>
  );
}
