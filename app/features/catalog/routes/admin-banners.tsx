import { AdminListCard } from "~/features/admin-shell/ui/admin-list";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { BannerRow, REMOVE_BANNER_FETCHER } from "~/features/catalog/ui/banner-row";
import { UploadBannerForm } from "~/features/catalog/ui/banner-upload-form";
import {
  bannerFormSchema,
  MAX_BANNER_FORM_BYTES,
  MESSAGES,
  promotionSchema,
} from "~/features/catalog/admin-catalog";
import { MAX_PLAIN_FORM_BYTES } from "~/shared/admin-forms";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useOpenOnNew } from "~/ui/use-new-param";
import {
  badRequest,
  intent,
  intentTable,
  moveIntent,
  reply,
  toggleIntent,
} from "~/platform/auth/admin-action.server";
import {
  adminLoader,
  addIntent,
  deleteIntent,
  intentAction,
} from "~/features/admin-shell/admin-route.server";
import {
  createBanner,
  deleteBanner,
  listBannersAdmin,
  moveBanner,
  promotionOptions,
  setBannerActive,
  setBannerPromotion,
} from "~/features/catalog/admin-banners.server";
import { fileBytes, formFiles } from "~/platform/http/form-body.server";
import type { Route } from "./+types/admin-banners";

export const meta: Route.MetaFunction = () => adminMeta("Banners");

export const loader = adminLoader(async () => {
  const [list, promotions] = await Promise.all([listBannersAdmin(), promotionOptions()]);
  return { banners: list, promotions };
}, "catalogue");

const actions = intentTable({
  upload: addIntent(
    "upload",
    bannerFormSchema,
    async (input, form) => {
      const file = formFiles(form, "image")[0];
      return createBanner(input, file ? await fileBytes(file) : null);
    },
    { done: "Banner uploaded successfully", failed: "Failed to upload banner" },
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
        () => "Banner promotion updated",
        (f) => f.message,
      ),
    () => badRequest("promote", "Failed to update banner promotion"),
  ),
  delete: deleteIntent(deleteBanner, {
    done: "Banner deleted successfully",
    failed: "Failed to delete banner",
  }),
});

export const action = intentAction(actions, {
  permission: "catalogue",
  maxBytes: (request) =>
    /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")
      ? MAX_BANNER_FORM_BYTES
      : MAX_PLAIN_FORM_BYTES,
  tooLarge: MESSAGES.bannerImageSize,
});

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  const { banners, promotions } = loaderData;
  // The dashboard's "Add Banner": straight to the upload form's first field.
  useOpenOnNew(() => {
    const title = document.getElementById("banner-title");
    title?.scrollIntoView({ block: "center" });
    title?.focus();
  });
  return (
    <AdminPage
      title="Banners"
      description="Manage the offers carousel on the products page"
      liveTables={["banners", "discount_codes", "offers"]}
    >
      <UploadBannerForm promotions={promotions} />
      <AdminListCard
        title="Current Banners"
        description="Active banners are shown in this order."
        label="Banners"
        ordered
        items={banners}
        removals={REMOVE_BANNER_FETCHER}
        empty="No banners yet. Upload your first banner above."
      >
        {(b, i) => (
          <BannerRow key={b.id} banner={b} index={i} length={banners.length} promotions={promotions} />
        )}
      </AdminListCard>
    </AdminPage>
  );
}
