import { ExternalLink, Trash2, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/features/admin-shell/ui/admin-page-header";
import { ConfirmDialog } from "~/features/admin-shell/ui/confirm-dialog";
import { PromotionSelect, type PromotionOption } from "~/features/catalog/ui/promotion-select";
import { ReorderButtons } from "~/features/catalog/ui/reorder-buttons";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Input } from "~/ui/input";
import { Field } from "~/ui/field";
import { Switch } from "~/ui/switch";
import {
  BANNER_IMAGE_ACCEPT,
  bannerFileError,
  bannerFormSchema,
  MAX_BANNER_FORM_BYTES,
  MESSAGES,
  promotionSchema,
} from "~/features/catalog/admin-catalog";
import { idSchema, MAX_PLAIN_FORM_BYTES, type AdminActionData } from "~/shared/admin-forms";
import { imageAttrs } from "~/shared/images";
import { useImageBase } from "~/ui/image-base";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useActionResult } from "~/ui/use-action-result";
import { useFormErrors } from "~/ui/use-form-errors";
import { useOpenOnNew } from "~/ui/use-new-param";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import {
  badRequest,
  intent,
  intentTable,
  invalidForm,
  moveIntent,
  readAdminForm,
  reply,
  toggleIntent,
} from "~/platform/auth/admin-action.server";
import {
  createBanner,
  deleteBanner,
  listBannersAdmin,
  moveBanner,
  promotionOptions,
  setBannerActive,
  setBannerPromotion,
} from "~/features/catalog/admin-banners.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import { fileBytes, formFiles } from "~/platform/http/form-body.server";
import type { Route } from "./+types/admin-banners";

/** One fetcher for removals, shared by the rows and the page (which shows its answer). */
const REMOVE_FETCHER = "banner-remove";
export const meta: Route.MetaFunction = () => adminMeta("Banners");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [list, promotions] = await Promise.all([listBannersAdmin(), promotionOptions()]);
  return { banners: list, promotions };
}

const actions = intentTable({
  upload: intent(
    bannerFormSchema,
    async (input, form) => {
      const file = formFiles(form, "image")[0];
      return reply(
        "upload",
        await createBanner(input, file ? await fileBytes(file) : null),
        () => ({ title: "Success", description: "Banner uploaded successfully" }),
        (f) => (f.fieldErrors ? undefined : { title: "Error", description: "Failed to upload banner" }),
      );
    },
    (error) => invalidForm("upload", error),
  ),
  toggle: toggleIntent(setBannerActive, {
    activated: "Banner activated",
    deactivated: "Banner deactivated",
    failed: "Failed to update banner status",
  }),
  move: moveIntent(moveBanner),
  promote: intent(
    promotionSchema,
    async ({ id, promotion }) =>
      reply(
        "promote",
        await setBannerPromotion(id, promotion),
        () => ({ title: "Success", description: "Banner promotion updated" }),
        (f) => ({ title: "Error", description: f.message }),
      ),
    () => badRequest("promote", "Failed to update banner promotion"),
  ),
  delete: intent(
    idSchema,
    async ({ id }) =>
      reply(
        "delete",
        await deleteBanner(id),
        () => ({ title: "Success", description: "Banner deleted successfully" }),
        () => ({
          title: "Error",
          description: "Failed to delete banner",
        }),
      ),
    () => badRequest("delete", "Failed to delete banner"),
  ),
});

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const multipart = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
  const form = await readAdminForm(
    request,
    multipart ? MAX_BANNER_FORM_BYTES : MAX_PLAIN_FORM_BYTES,
    MESSAGES.bannerImageSize,
  );
  if (!(form instanceof FormData)) return form;
  return actions.dispatch(form);
}

type Banner = Route.ComponentProps["loaderData"]["banners"][number];
const promotionValue = (b: Banner) =>
  b.discountCodeId ? `code:${b.discountCodeId}` : b.offerId ? `offer:${b.offerId}` : "";

function UploadBannerForm({ promotions }: { promotions: PromotionOption[] }) {
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

function BannerRow({
  banner,
  index,
  length,
  promotions,
}: {
  banner: Banner;
  index: number;
  length: number;
  promotions: PromotionOption[];
}) {
  const imageBase = useImageBase();
  const toggle = useFetcher<AdminActionData>();
  const promote = useFetcher<AdminActionData>();
  useActionResult(promote.data);
  // Keyed: the row is gone once the delete commits (the live refresh can remove it first), so the page
  // shows this fetcher's answer (REMOVE_FETCHER), not the row.
  const remove = useFetcher<AdminActionData>({ key: REMOVE_FETCHER });
  const [confirming, setConfirming] = useState(false);
  useActionResult(toggle.data);
  const pendingActive = toggle.formData?.get("isActive");
  const active =
    pendingActive === undefined || pendingActive === null ? banner.isActive : pendingActive === "true";
  const switchId = `banner-active-${banner.id}`;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <img
        {...imageAttrs(banner, 640, imageBase)}
        sizes="(min-width: 640px) 288px, 100vw"
        alt=""
        className="h-auto w-full shrink-0 rounded-md border sm:w-72"
        loading="lazy"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{banner.title}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span className="tabular-nums">Position {index + 1}</span>
          <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>
          {banner.linkUrl ? (
            <a
              href={banner.linkUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 break-all underline underline-offset-2"
            >
              {banner.linkUrl} <ExternalLink className="size-3" aria-hidden="true" />
            </a>
          ) : (
            <span>No link</span>
          )}
        </p>
        <label className="mt-2 flex max-w-md flex-col gap-1 text-sm">
          <span className="text-muted-foreground">Promises</span>
          <PromotionSelect
            options={promotions}
            aria-label={`${banner.title} promises`}
            value={(promote.formData?.get("promotion") as string | null) ?? promotionValue(banner)}
            onChange={(e) =>
              void promote.submit(
                { intent: "promote", id: banner.id, promotion: e.currentTarget.value },
                { method: "post" },
              )
            }
          />
        </label>
      </div>
      <div className="flex items-center justify-end gap-3">
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={active}
            aria-label={`${banner.title} active`}
            onCheckedChange={(checked) =>
              void toggle.submit(
                { intent: "toggle", id: banner.id, isActive: String(checked) },
                { method: "post" },
              )
            }
          />
        </div>
        <ReorderButtons id={banner.id} index={index} length={length} label={banner.title} />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Delete ${banner.title}`}
          disabled={remove.state !== "idle"}
          onClick={() => setConfirming(true)}
          className="text-red-400 hover:text-red-300"
        >
          <Trash2 />
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          question="Are you sure you want to delete this banner?"
          details={`"${banner.title}" and its image will be deleted. This cannot be undone.`}
          onConfirm={() => void remove.submit({ intent: "delete", id: banner.id }, { method: "post" })}
        />
      </div>
    </li>
  );
}

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  const { banners, promotions } = loaderData;
  useActionResult(useFetcher<AdminActionData>({ key: REMOVE_FETCHER }).data);
  const { connected } = useLiveRevalidate({
    url: "/api/admin/events",
    tables: ["banners", "discount_codes", "offers"],
  });
  // The dashboard's "Add Banner": straight to the upload form's first field.
  useOpenOnNew(() => {
    const title = document.getElementById("banner-title");
    title?.scrollIntoView({ block: "center" });
    title?.focus();
  });
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Banners"
        description="Manage the offers carousel on the products page"
        live={connected}
      />
      <UploadBannerForm promotions={promotions} />
      <Card>
        <CardHeader>
          <CardTitle>Current Banners</CardTitle>
          <CardDescription>Active banners are shown in this order.</CardDescription>
        </CardHeader>
        <CardContent>
          {banners.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">
              No banners yet. Upload your first banner above.
            </p>
          ) : (
            <ol className="divide-y" aria-label="Banners">
              {banners.map((b, i) => (
                <BannerRow key={b.id} banner={b} index={i} length={banners.length} promotions={promotions} />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
