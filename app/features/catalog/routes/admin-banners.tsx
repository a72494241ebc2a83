import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/features/admin-shell/ui/admin-page-header";
import { BannerRow, REMOVE_BANNER_FETCHER } from "~/features/catalog/ui/banner-row";
import { UploadBannerForm } from "~/features/catalog/ui/banner-upload-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import {
  bannerFormSchema,
  MAX_BANNER_FORM_BYTES,
  MESSAGES,
  promotionSchema,
} from "~/features/catalog/admin-catalog";
import { idSchema, MAX_PLAIN_FORM_BYTES, type AdminActionData } from "~/shared/admin-forms";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useActionResult } from "~/ui/use-action-result";
import { useOpenOnNew } from "~/ui/use-new-param";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import {
  badRequest,
  intent,
  intentTable,
  invalidForm,
  moveIntent,
  adminFormAnswers,
  reply,
  toggleIntent,
} from "~/platform/auth/admin-action.server";
import { formAction } from "~/platform/http/form-action.server";
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

export const action = formAction(
  {
    guard: "admin",
    maxBytes: (request) =>
      /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")
        ? MAX_BANNER_FORM_BYTES
        : MAX_PLAIN_FORM_BYTES,
    answers: adminFormAnswers(MESSAGES.bannerImageSize),
  },
  (_fields, { form }) => actions.dispatch(form),
);

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  const { banners, promotions } = loaderData;
  useActionResult(useFetcher<AdminActionData>({ key: REMOVE_BANNER_FETCHER }).data);
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
