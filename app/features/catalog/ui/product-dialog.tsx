import { useState } from "react";
import {
  DialogActions,
  EditDialog,
  SaveIntent,
  useDialogForm,
  type EditDialogState,
} from "~/features/admin-shell/ui/edit-dialog";
import { ImagePicker, type PickedImage } from "~/features/catalog/ui/image-picker";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { Label } from "~/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/ui/select";
import { Switch } from "~/ui/switch";
import {
  imageCountError,
  PRODUCT_PRICE_FIELDS,
  productFormSchema,
  type ImageSlot,
} from "~/features/catalog/admin-catalog";
import type { AdminProduct } from "~/features/catalog/admin-products.server";
import { PRODUCT_COLORS } from "~/features/sign-options/product-options";
import { ProductFactsFields, SoldOutFields } from "~/features/catalog/ui/product-facts-fields";

/** A product as the form edits it (the list's row, whose category name and date the form does not use). */
export type ProductFormProduct = Omit<AdminProduct, "categoryName" | "createdAt">;

type Categories = { id: string; name: string }[];

/** The spec's add/edit product dialog (section 5 rules), with image previews, remove and reorder. */
export function ProductDialog({
  dialog,
  categories,
}: {
  dialog: EditDialogState<ProductFormProduct>;
  categories: Categories;
}) {
  const product = dialog.item;
  return (
    <EditDialog
      dialog={dialog}
      title={product ? "Edit Product" : "Add New Product"}
      description={
        product
          ? "Change the product's details and images."
          : "Fill in the product details and upload 1 to 5 images."
      }
      className="max-w-2xl"
    >
      <ProductForm dialog={dialog} categories={categories} />
    </EditDialog>
  );
}

const numberValue = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

/** The product's numbers besides its prices, with the value a new product starts with. */
const COUNT_FIELDS = [
  { name: "stockQuantity", label: "Stock Quantity *", max: undefined, step: 1, initial: 0 },
] as const;

function ProductForm({
  dialog,
  categories,
}: {
  dialog: EditDialogState<ProductFormProduct>;
  categories: Categories;
}) {
  // A new form (and image list) for each opening: the page keys the dialog.
  const product = dialog.item;
  const form = useDialogForm(productFormSchema, dialog);
  const { errors, setFieldError, validate, fetcher } = form;
  const [images, setImages] = useState<PickedImage[]>(() =>
    (product?.images ?? []).map((img) => ({
      kind: "existing" as const,
      key: img.id,
      id: img.id,
      image: img,
      alt: img.altText ?? product?.name ?? "Product image",
      color: img.color,
    })),
  );

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const countError = imageCountError(images.length);
    if (Object.keys(validate(event.currentTarget, countError ? { images: countError } : {})).length > 0)
      return;
    const data = new FormData(event.currentTarget);
    data.delete("images");
    const slots: ImageSlot[] = [];
    let upload = 0;
    for (const img of images) {
      const color = (img.color as ImageSlot["color"]) ?? null;
      if (img.kind === "existing") slots.push({ existing: img.id, color });
      else {
        data.append("images", img.file, img.file.name);
        slots.push({ upload: upload++, color });
      }
    }
    data.set("imageSlots", JSON.stringify(slots));
    void fetcher.submit(data, { method: "post", encType: "multipart/form-data" });
  }

  const f = (name: string) => ({ id: `product-${name}`, name, error: errors[name] });

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      {...form.props}
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
    >
      <SaveIntent id={product?.id} />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="product-categoryId" name="categoryId" label="Category *" error={errors.categoryId}>
          {({ name, ...control }) => (
            <Select name={name} defaultValue={product?.categoryId}>
              <SelectTrigger {...control} aria-label="Category">
                <SelectValue placeholder="Select a category" />
              </SelectTrigger>
              <SelectContent>
                {categories.map((c) => (
                  <SelectItem key={c.id} value={c.id}>
                    {c.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        <Field {...f("name")} label="Product Name *">
          {(control) => (
            <Input
              {...control}
              maxLength={120}
              defaultValue={product?.name ?? ""}
              placeholder="e.g. Good Vibes Only Neon Sign"
            />
          )}
        </Field>
      </div>

      <Field {...f("description")} label="Description">
        {(control) => (
          <Textarea {...control} rows={3} maxLength={2000} defaultValue={product?.description ?? ""} />
        )}
      </Field>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Prices by size (₹)</legend>
        {PRODUCT_PRICE_FIELDS.map((s) => (
          <div key={s.size} className="grid grid-cols-2 gap-3">
            {(["mrp", "price"] as const).map((which) => {
              const name = s[which];
              const label = `${s.size} ${which === "mrp" ? "MRP" : "Price"}${s.required ? " *" : ""}`;
              return (
                <Field key={name} {...f(name)} label={label} className="gap-1.5" labelClassName="text-xs">
                  {(control) => (
                    <Input
                      {...control}
                      inputMode="numeric"
                      pattern="[0-9]*"
                      placeholder={s.required ? "Required" : "Optional"}
                      defaultValue={numberValue(product?.[name])}
                    />
                  )}
                </Field>
              );
            })}
          </div>
        ))}
      </fieldset>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field
          id="product-defaultColor"
          name="defaultColor"
          label="Colour shown *"
          error={errors.defaultColor}
          description="The sign's colour in the photos; the product page starts with it."
        >
          {({ name, ...control }) => (
            <Select name={name} defaultValue={product?.defaultColor ?? "Blue"}>
              <SelectTrigger {...control} aria-label="Colour shown">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PRODUCT_COLORS.map((c) => (
                  <SelectItem key={c} value={c}>
                    {c}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        {COUNT_FIELDS.map(({ name, label, max, step, initial }) => (
          <Field key={name} {...f(name)} label={label}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                max={max}
                step={step}
                defaultValue={numberValue(product?.[name] ?? initial)}
              />
            )}
          </Field>
        ))}
      </div>

      <SoldOutFields product={product} errors={errors} />
      <ProductFactsFields product={product} errors={errors} />

      <div className="flex items-center gap-3">
        <Switch id="product-isActive" name="isActive" defaultChecked={product?.isActive ?? true} />
        <Label htmlFor="product-isActive">Active (shown in the shop)</Label>
      </div>

      <ImagePicker
        images={images}
        onChange={setImages}
        error={errors.images}
        onError={(message) => setFieldError("images", message)}
      />

      <DialogActions
        dialog={dialog}
        pending={form.pending}
        saveLabel={product ? "Update Product" : "Create Product"}
      />
    </fetcher.Form>
  );
}
