import { useState } from "react";
import { useFetcher } from "react-router";
import { FieldError, invalidProps } from "~/components/admin/field-error";
import { ImagePicker, type PickedImage } from "~/components/admin/image-picker";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import {
  fieldErrorsOf,
  imageCountError,
  PRODUCT_PRICE_FIELDS,
  productFormSchema,
  type AdminActionData,
  type ImageSlot,
} from "~/domain/admin-catalog";
import type { StoredImage } from "~/domain/images";
import { useActionResult } from "~/lib/use-action-result";

export type ProductFormProduct = {
  id: string;
  name: string;
  description: string | null;
  categoryId: string;
  isActive: boolean;
  stockQuantity: number;
  rating: number;
  reviewCount: number;
  smallPrice: number | null;
  smallMrp: number | null;
  mediumPrice: number;
  mediumMrp: number;
  largePrice: number | null;
  largeMrp: number | null;
  extraLargePrice: number | null;
  extraLargeMrp: number | null;
  images: (StoredImage & { id: string; altText: string | null })[];
};

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null = create a product. */
  product: ProductFormProduct | null;
  categories: { id: string; name: string }[];
};

/** The spec's add/edit product dialog (section 5 rules), with image previews, remove and reorder. */
export function ProductDialog({ open, onOpenChange, product, categories }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{product ? "Edit Product" : "Add New Product"}</DialogTitle>
          <DialogDescription>
            {product ? "Change the product's details and images." : "Fill in the product details and upload 1 to 5 images."}
          </DialogDescription>
        </DialogHeader>
        <ProductForm product={product} categories={categories} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

const numberValue = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

function ProductForm({ product, categories, onDone }: { product: ProductFormProduct | null; categories: Props["categories"]; onDone: () => void }) {
  const fetcher = useFetcher<AdminActionData>();
  const busy = fetcher.state !== "idle";
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [images, setImages] = useState<PickedImage[]>(() =>
    (product?.images ?? []).map((img) => ({
      kind: "existing" as const,
      key: img.id,
      id: img.id,
      image: img,
      alt: img.altText ?? product?.name ?? "Product image",
    })),
  );

  useActionResult(fetcher.data, (result) => {
    if (result.ok) onDone();
    else setErrors(result.fieldErrors ?? {});
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.delete("images");
    const values: Record<string, string> = {};
    for (const [k, v] of form) if (typeof v === "string") values[k] = v;
    const parsed = productFormSchema.safeParse(values);
    const next = parsed.success ? {} : fieldErrorsOf(parsed.error);
    const countError = imageCountError(images.length);
    if (countError) next.images = countError;
    setErrors(next);
    if (Object.keys(next).length > 0) {
      const first = Object.keys(next)[0];
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"], #product-${first}`)?.focus();
      return;
    }
    const slots: ImageSlot[] = [];
    let upload = 0;
    for (const img of images) {
      if (img.kind === "existing") slots.push({ existing: img.id });
      else {
        form.append("images", img.file, img.file.name);
        slots.push({ upload: upload++ });
      }
    }
    form.set("imageSlots", JSON.stringify(slots));
    void fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  }

  const field = (name: string) => ({ id: `product-${name}`, name, ...invalidProps(`product-${name}`, errors[name]) });

  return (
    <fetcher.Form method="post" encType="multipart/form-data" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <input type="hidden" name="intent" value={product ? "update" : "create"} />
      {product ? <input type="hidden" name="id" value={product.id} /> : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="product-categoryId">Category *</Label>
          <Select name="categoryId" defaultValue={product?.categoryId}>
            <SelectTrigger id="product-categoryId" aria-label="Category" {...invalidProps("product-categoryId", errors.categoryId)}>
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
          <FieldError id="product-categoryId-error" message={errors.categoryId} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="product-name">Product Name *</Label>
          <Input {...field("name")} maxLength={120} defaultValue={product?.name ?? ""} placeholder="e.g. Good Vibes Only Neon Sign" />
          <FieldError id="product-name-error" message={errors.name} />
        </div>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor="product-description">Description</Label>
        <Textarea {...field("description")} rows={3} maxLength={2000} defaultValue={product?.description ?? ""} />
        <FieldError id="product-description-error" message={errors.description} />
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Prices by size (₹)</legend>
        {PRODUCT_PRICE_FIELDS.map((s) => (
          <div key={s.size} className="grid grid-cols-2 gap-3">
            {(["mrp", "price"] as const).map((which) => {
              const name = s[which];
              const label = `${s.size} ${which === "mrp" ? "MRP" : "Price"}${s.required ? " *" : ""}`;
              return (
                <div key={name} className="flex flex-col gap-1.5">
                  <Label htmlFor={`product-${name}`} className="text-xs">
                    {label}
                  </Label>
                  <Input
                    {...field(name)}
                    inputMode="numeric"
                    pattern="[0-9]*"
                    placeholder={s.required ? "Required" : "Optional"}
                    defaultValue={numberValue(product?.[name])}
                  />
                  <FieldError id={`product-${name}-error`} message={errors[name]} />
                </div>
              );
            })}
          </div>
        ))}
      </fieldset>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor="product-stockQuantity">Stock Quantity *</Label>
          <Input {...field("stockQuantity")} type="number" min={0} step={1} defaultValue={numberValue(product?.stockQuantity ?? 0)} />
          <FieldError id="product-stockQuantity-error" message={errors.stockQuantity} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="product-rating">Rating (0-5) *</Label>
          <Input {...field("rating")} type="number" min={0} max={5} step={0.1} defaultValue={numberValue(product?.rating ?? 4)} />
          <FieldError id="product-rating-error" message={errors.rating} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="product-reviewCount">Review Count *</Label>
          <Input {...field("reviewCount")} type="number" min={0} step={1} defaultValue={numberValue(product?.reviewCount ?? 0)} />
          <FieldError id="product-reviewCount-error" message={errors.reviewCount} />
        </div>
      </div>

      <div className="flex items-center gap-3">
        <Switch id="product-isActive" name="isActive" defaultChecked={product?.isActive ?? true} />
        <Label htmlFor="product-isActive">Active (shown in the shop)</Label>
      </div>

      <ImagePicker
        images={images}
        onChange={setImages}
        error={errors.images}
        onError={(message) => setErrors(({ images: _old, ...rest }) => (message ? { ...rest, images: message } : rest))}
      />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : product ? "Update Product" : "Create Product"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
