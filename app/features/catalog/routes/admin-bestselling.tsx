import { ImageOff, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/features/admin-shell/ui/admin-page-header";
import { ReorderButtons } from "~/features/catalog/ui/reorder-buttons";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { Field } from "~/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/ui/select";
import { Switch } from "~/ui/switch";
import { bestsellerFormSchema, DEFAULT_BADGE_TEXT } from "~/features/catalog/admin-catalog";
import { idSchema, MAX_PLAIN_FORM_BYTES, type AdminActionData } from "~/shared/admin-forms";
import { imageAttrs } from "~/shared/images";
import { useImageBase } from "~/ui/image-base";
import { formatRupees } from "~/shared/money";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useActionResult } from "~/ui/use-action-result";
import { useFormErrors } from "~/ui/use-form-errors";
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
  addBestseller,
  listBestsellerCandidates,
  listBestsellersAdmin,
  moveBestseller,
  removeBestseller,
  setBestsellerActive,
} from "~/features/catalog/admin-bestsellers.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import type { Route } from "./+types/admin-bestselling";

/** One fetcher for removals, shared by the rows and the page (which shows its answer). */
const REMOVE_FETCHER = "bestseller-remove";
export const meta: Route.MetaFunction = () => adminMeta("Bestselling Products");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [bestsellers, candidates] = await Promise.all([listBestsellersAdmin(), listBestsellerCandidates()]);
  return { bestsellers, candidates };
}

const actions = intentTable({
  add: intent(
    bestsellerFormSchema,
    async (input) =>
      reply(
        "add",
        await addBestseller(input),
        () => ({ title: "Success", description: "Product added to bestselling list." }),
        (f) =>
          f.fieldErrors ? undefined : { title: "Error", description: "Failed to add bestselling product." },
      ),
    (error) => invalidForm("add", error),
  ),
  toggle: toggleIntent(setBestsellerActive, {
    activated: "Product activated successfully.",
    deactivated: "Product deactivated successfully.",
    failed: "Failed to update product status.",
  }),
  move: moveIntent(moveBestseller),
  remove: intent(
    idSchema,
    async ({ id }) =>
      reply(
        "remove",
        await removeBestseller(id),
        () => ({ title: "Success", description: "Product removed from bestselling list." }),
        () => ({
          title: "Error",
          description: "Failed to remove bestselling product.",
        }),
      ),
    () => badRequest("remove", "Failed to remove bestselling product."),
  ),
});

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readAdminForm(request, MAX_PLAIN_FORM_BYTES, "The form is too large.");
  if (!(form instanceof FormData)) return form;
  return actions.dispatch(form);
}

type Candidate = Route.ComponentProps["loaderData"]["candidates"][number];
type Bestseller = Route.ComponentProps["loaderData"]["bestsellers"][number];

function AddBestsellerForm({ candidates }: { candidates: Candidate[] }) {
  const fetcher = useFetcher<AdminActionData>();
  const { errors, setErrors, validate, onChange, onBlur } = useFormErrors(bestsellerFormSchema);
  const [productId, setProductId] = useState("");
  const badge = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";
  useActionResult(fetcher.data, (result) => {
    if (result.ok) {
      setProductId("");
      if (badge.current) badge.current.value = DEFAULT_BADGE_TEXT;
      setErrors({});
    } else setErrors(result.fieldErrors ?? {});
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (Object.keys(validate(event.currentTarget)).length > 0) return;
    const form = new FormData(event.currentTarget);
    form.set("productId", productId);
    void fetcher.submit(form, { method: "post" });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add Bestselling Product</CardTitle>
        <CardDescription>Only active products that are not on the list yet can be added.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          method="post"
          onSubmit={onSubmit}
          onChange={onChange}
          onBlur={onBlur}
          noValidate
          className="grid gap-4 md:grid-cols-[2fr_1fr_auto] md:items-start"
        >
          <input type="hidden" name="intent" value="add" />
          <Field id="bestseller-product" name="productId" label="Product" error={errors.productId}>
            {({ name, ...control }) => (
              <Select name={name} value={productId} onValueChange={setProductId}>
                <SelectTrigger {...control} aria-label="Product">
                  <SelectValue
                    placeholder={candidates.length ? "Select a product" : "No products available to add"}
                  />
                </SelectTrigger>
                <SelectContent>
                  {candidates.map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.name} ({formatRupees(c.mediumPrice)})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Field id="bestseller-badge" name="badgeText" label="Badge Text" error={errors.badgeText}>
            {(control) => <Input ref={badge} {...control} defaultValue={DEFAULT_BADGE_TEXT} maxLength={30} />}
          </Field>
          <Button type="submit" disabled={busy} className="md:mt-6">
            <Plus /> {busy ? "Adding..." : "Add to Bestselling"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function BestsellerRow({ item, index, length }: { item: Bestseller; index: number; length: number }) {
  const imageBase = useImageBase();
  const toggle = useFetcher<AdminActionData>();
  // Keyed: the row is gone once the removal commits (the live refresh can remove it first), so the page
  // shows this fetcher's answer (REMOVE_FETCHER), not the row.
  const remove = useFetcher<AdminActionData>({ key: REMOVE_FETCHER });
  useActionResult(toggle.data);
  const pendingActive = toggle.formData?.get("isActive");
  const active =
    pendingActive === undefined || pendingActive === null ? item.isActive : pendingActive === "true";
  const switchId = `bestseller-active-${item.id}`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap">
      <span className="w-6 shrink-0 text-center text-sm tabular-nums text-muted-foreground">
        <span className="sr-only">Position </span>
        {index + 1}
      </span>
      {item.image ? (
        <img
          {...imageAttrs(item.image, 320, imageBase)}
          sizes="56px"
          alt=""
          className="size-14 shrink-0 rounded object-cover"
          loading="lazy"
        />
      ) : (
        <span
          className="flex size-14 shrink-0 items-center justify-center rounded bg-muted"
          aria-hidden="true"
        >
          <ImageOff className="size-5 text-muted-foreground" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{item.productName}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span className="tabular-nums">{formatRupees(item.mediumPrice)}</span>
          <Badge variant="outline">{item.badgeText}</Badge>
          {item.productActive ? null : <Badge variant="secondary">Product inactive</Badge>}
        </p>
      </div>
      <div className="flex w-full items-center justify-end gap-3 sm:w-auto">
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={active}
            onCheckedChange={(checked) =>
              void toggle.submit(
                { intent: "toggle", id: item.id, isActive: String(checked) },
                { method: "post" },
              )
            }
          />
          <Label htmlFor={switchId} className="w-16">
            {active ? "Active" : "Inactive"}
          </Label>
        </div>
        <ReorderButtons id={item.id} index={index} length={length} label={item.productName} />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove ${item.productName}`}
          disabled={remove.state !== "idle"}
          onClick={() => void remove.submit({ intent: "remove", id: item.id }, { method: "post" })}
          className="text-red-400 hover:text-red-300"
        >
          <Trash2 />
        </Button>
      </div>
    </li>
  );
}

export default function AdminBestselling({ loaderData }: Route.ComponentProps) {
  const { bestsellers, candidates } = loaderData;
  useActionResult(useFetcher<AdminActionData>({ key: REMOVE_FETCHER }).data);
  const { connected } = useLiveRevalidate({
    url: "/api/admin/events",
    tables: ["bestselling_products", "products", "product_images"],
  });
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Bestselling Products"
        description="Choose and order the products shown on the home page"
        live={connected}
      />
      <AddBestsellerForm candidates={candidates} />
      <Card>
        <CardHeader>
          <CardTitle>Current Bestselling Products</CardTitle>
          <CardDescription>The home page shows the first 6 active ones, in this order.</CardDescription>
        </CardHeader>
        <CardContent>
          {bestsellers.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No bestselling products yet.</p>
          ) : (
            <ol className="divide-y" aria-label="Bestselling products">
              {bestsellers.map((b, i) => (
                <BestsellerRow key={b.id} item={b} index={i} length={bestsellers.length} />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
