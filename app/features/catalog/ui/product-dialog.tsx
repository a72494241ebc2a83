import { useState } from "react";
import { useFetcher } from "react-router";
import { ImagePicker, type PickedImage } from "~/features/catalog/ui/image-picker";
import { Button } from "~/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/ui/dialog";
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
import { type AdminActionData } from "~/shared/admin-forms";
import type { StoredImage } from "~/shared/images";
import { useActionResult } from "~/ui/use-action-result";
import { useFormErrors } from "~/ui/use-form-errors";

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
            {product
              ? "Change the product's details and images."
              : "Fill in the product details and upload 1 to 5 images."}
          </DialogDescription>
        </DialogHeader>
        <ProductForm product={product} categories={categories} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

const numberValue = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

function ProductForm({
  product,
  categories,
  onDone,
}: {
  product: ProductFormProduct | null;
  categories: Props["categories"];
  onDone: () => void;
}) {
  const fetcher = useFetcher<AdminActionData>();
  const busy = fetcher.state !== "idle";
  const { errors, setErrors, setFieldError, validate, onChange, onBlur } = useFormErrors(productFormSchema);
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
    const countError = imageCountError(images.length);
    if (Object.keys(validate(event.currentTarget, countError ? { images: countError } : {})).length > 0)
      return;
    const form = new FormData(event.currentTarget);
    form.delete("images");
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

  const f = (name: string) => ({ id: `product-${name}`, name, error: errors[name] });

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onChange={onChange}
      onBlur={onBlur}
      noValidate
      className="flex flex-col gap-5"
    >
      <input type="hidden" name="intent" value={product ? "update" : "create"} />
      {product ? <input type="hidden" name="id" value={product.id} /> : null}

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
        <Field {...f("stockQuantity")} label="Stock Quantity *">
          {(control) => (
            <Input
              {...control}
              type="number"
              min={0}
              step={1}
              defaultValue={numberValue(product?.stockQuantity ?? 0)}
            />
          )}
        </Field>
        <Field {...f("rating")} label="Rating (0-5) *">
          {(control) => (
            <Input
              {...control}
              type="number"
              min={0}
              max={5}
              step={0.1}
              defaultValue={numberValue(product?.rating ?? 4)}
            />
          )}
        </Field>
        <Field {...f("reviewCount")} label="Review Count *">
          {(control) => (
            <Input
              {...control}
              type="number"
              min={0}
              step={1}
              defaultValue={numberValue(product?.reviewCount ?? 0)}
            />
          )}
        </Field>
      </div>

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
