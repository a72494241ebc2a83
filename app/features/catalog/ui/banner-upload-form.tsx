import { Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { SectionCard } from "~/features/admin-shell/ui/admin-list";
import { PromotionSelect, type PromotionOption } from "~/features/catalog/ui/promotion-select";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Field } from "~/ui/field";
import { BANNER_IMAGE_ACCEPT, bannerFileError, bannerFormSchema } from "~/features/catalog/admin-catalog";
import { useFetcherForm } from "~/ui/use-form";

/** The Banners page's upload form: title, link, what it promises and the picture (checked and previewed here). */
export function UploadBannerForm({ promotions }: { promotions: PromotionOption[] }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const form = useFetcherForm({
    schema: bannerFormSchema,
    onAnswer: (answer) => {
      if (!answer.ok) return;
      formRef.current?.reset();
      setPreview(null);
    },
  });
  const { errors, setFieldError, validate, pending } = form;
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  function onFile(file: File | undefined) {
    const problem = file ? bannerFileError(file) : undefined;
    setFieldError("image", problem);
    setPreview(file && !problem ? URL.createObjectURL(file) : null);
  }

  /** The fields and the picture checked before sending; a valid form is sent as it is (multipart). */
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const file = new FormData(event.currentTarget).get("image");
    const fileProblem = bannerFileError(file instanceof File && file.size > 0 ? file : null);
    if (Object.keys(validate(event.currentTarget, fileProblem ? { image: fileProblem } : {})).length > 0)
      event.preventDefault();
  }

  return (
    <SectionCard
      title="Upload New Banner"
      description="Banners appear in the offers carousel on the products page."
    >
      <form.fetcher.Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        {...form.props}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value="upload" />
        <div className="grid gap-4 md:grid-cols-2">
          <Field id="banner-title" name="title" label="Banner Title" error={errors.title}>
            {(control) => (
              <Input {...control} maxLength={120} placeholder="e.g. Festive Sale: Flat 20% Off" />
            )}
          </Field>
          <Field id="banner-link" name="linkUrl" label="Link (optional)" error={errors.linkUrl}>
            {(control) => <Input {...control} maxLength={500} placeholder="/products or https://..." />}
          </Field>
          <Field
            id="banner-promotion"
            name="promotion"
            label="Promises (optional)"
            error={errors.promotion}
            description="The code or offer this banner advertises: it is shown only while checkout honours it."
            className="md:col-span-2"
          >
            {(control) => <PromotionSelect {...control} options={promotions} defaultValue="" />}
          </Field>
        </div>
        <Field
          id="banner-image"
          name="image"
          label="Banner Image"
          error={errors.image}
          description="Recommended size: 1200x300px. PNG, JPG or WebP, max 5MB."
        >
          {(control) => (
            <Input
              {...control}
              type="file"
              accept={BANNER_IMAGE_ACCEPT}
              onChange={(e) => onFile(e.currentTarget.files?.[0])}
              className="cursor-pointer file:mr-3 file:cursor-pointer file:text-foreground"
            />
          )}
        </Field>
        {preview ? (
          <img
            src={preview}
            alt="Preview of the chosen banner"
            className="aspect-[4/1] w-full max-w-xl rounded-md border object-cover"
          />
        ) : null}
        <div>
          <Button type="submit" disabled={pending}>
            <Upload /> {pending ? "Uploading..." : "Upload Banner"}
          </Button>
        </div>
      </form.fetcher.Form>
    </SectionCard>
  );
}
