import { Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { PromotionSelect, type PromotionOption } from "~/features/catalog/ui/promotion-select";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Input } from "~/ui/input";
import { Field } from "~/ui/field";
import { BANNER_IMAGE_ACCEPT, bannerFileError, bannerFormSchema } from "~/features/catalog/admin-catalog";
import type { AdminActionData } from "~/shared/admin-forms";
import { useActionResult } from "~/ui/use-action-result";
import { useFormErrors } from "~/ui/use-form-errors";

/** The Banners page's upload form: title, link, what it promises and the picture (checked and previewed here). */
export function UploadBannerForm({ promotions }: { promotions: PromotionOption[] }) {
  const fetcher = useFetcher<AdminActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, setErrors, setFieldError, validate, onChange, onBlur } = useFormErrors(bannerFormSchema);
  const [preview, setPreview] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  useActionResult(fetcher.data, (result) => {
    if (result.ok) {
      formRef.current?.reset();
      setPreview(null);
      setErrors({});
    } else setErrors(result.fieldErrors ?? {});
  });

  function onFile(file: File | undefined) {
    const problem = file ? bannerFileError(file) : undefined;
    setFieldError("image", problem);
    setPreview(file && !problem ? URL.createObjectURL(file) : null);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get("image");
    const fileProblem = bannerFileError(file instanceof File && file.size > 0 ? file : null);
    if (Object.keys(validate(event.currentTarget, fileProblem ? { image: fileProblem } : {})).length > 0)
      return;
    void fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload New Banner</CardTitle>
        <CardDescription>Banners appear in the offers carousel on the products page.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          onSubmit={onSubmit}
          onChange={onChange}
          onBlur={onBlur}
          noValidate
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
            <Button type="submit" disabled={busy}>
              <Upload /> {busy ? "Uploading..." : "Upload Banner"}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
