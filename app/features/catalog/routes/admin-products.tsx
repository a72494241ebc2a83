import { ImageOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/features/admin-shell/ui/admin-page-header";
import { ConfirmDialog } from "~/features/admin-shell/ui/confirm-dialog";
import { ProductDialog, type ProductFormProduct } from "~/features/catalog/ui/product-dialog";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import {
  MAX_PRODUCT_FORM_BYTES,
  productFormSchema,
  type ProductInput,
} from "~/features/catalog/admin-catalog";
import { idSchema, type AdminActionData } from "~/shared/admin-forms";
import { imageAttrs } from "~/shared/images";
import { useImageBase } from "~/ui/image-base";
import { formatRupees } from "~/shared/money";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useActionResult } from "~/ui/use-action-result";
import { useOpenOnNew } from "~/ui/use-new-param";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import {
  badRequest,
  failsAt,
  intent,
  intentTable,
  invalidForm,
  adminFormAnswers,
  reply,
  text,
} from "~/platform/auth/admin-action.server";
import { formAction } from "~/platform/http/form-action.server";
import { listCategoryOptions } from "~/features/catalog/admin-categories.server";
import { deleteProduct, listProductsAdmin, saveProduct } from "~/features/catalog/admin-products.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import { fileBytes, formFiles } from "~/platform/http/form-body.server";
import type { Route } from "./+types/admin-products";

export const meta: Route.MetaFunction = () => adminMeta("Products");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [products, categories] = await Promise.all([listProductsAdmin(), listCategoryOptions()]);
  return { products, categories };
}

const failedSave = (message?: string) => ({
  title: "Error",
  description: message ? `Failed to save product: ${message}` : "Failed to save product",
});

async function save(intentName: "create" | "update", id: string | null, input: ProductInput, form: FormData) {
  const uploads = await Promise.all(formFiles(form, "images").map(fileBytes));
  const result = await saveProduct(id, input, { slots: text(form, "imageSlots") || null, uploads });
  return reply(
    intentName,
    result,
    (r) => ({
      title: "Success",
      description: r.created ? "Product created successfully" : "Product updated successfully",
    }),
    (f) => failedSave(f.message),
  );
}

const actions = intentTable({
  create: intent(
    productFormSchema,
    (input, form) => save("create", null, input, form),
    (error) => invalidForm("create", error, failedSave()),
  ),
  update: intent(
    productFormSchema.extend(idSchema.shape),
    ({ id, ...input }, form) => save("update", id, input, form),
    (error) =>
      failsAt(error, "id")
        ? badRequest("update", "Failed to save product")
        : invalidForm("update", error, failedSave()),
  ),
  delete: intent(
    idSchema,
    async ({ id }) =>
      reply(
        "delete",
        await deleteProduct(id),
        () => ({ title: "Success", description: "Product deleted successfully" }),
        (f) => ({
          title: "Error",
          description: `Failed to delete product: ${f.message}`,
        }),
      ),
    () => badRequest("delete", "Failed to delete product"),
  ),
});

export const action = formAction(
  {
    guard: "admin",
    maxBytes: MAX_PRODUCT_FORM_BYTES,
    answers: adminFormAnswers(
      "Failed to save product: the upload is too large (at most 5 images of 10MB each).",
    ),
  },
  (_fields, { form }) => actions.dispatch(form),
);

type ProductRow = Route.ComponentProps["loaderData"]["products"][number];

function ProductActions({ product, onEdit }: { product: ProductRow; onEdit: () => void }) {
  const fetcher = useFetcher<AdminActionData>();
  const [confirming, setConfirming] = useState(false);
  useActionResult(fetcher.data);
  return (
    <div className="flex justify-end gap-1">
      <Button type="button" variant="ghost" size="icon" aria-label={`Edit ${product.name}`} onClick={onEdit}>
        <Pencil />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Delete ${product.name}`}
        disabled={fetcher.state !== "idle"}
        onClick={() => setConfirming(true)}
        className="text-red-400 hover:text-red-300"
      >
        <Trash2 />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        question="Are you sure you want to delete this product?"
        details={`"${product.name}" and its images will be deleted. This cannot be undone.`}
        onConfirm={() => void fetcher.submit({ intent: "delete", id: product.id }, { method: "post" })}
      />
    </div>
  );
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const imageBase = useImageBase();
  const { products, categories } = loaderData;
  const [dialog, setDialog] = useState<{ open: boolean; product: ProductFormProduct | null; key: number }>({
    open: false,
    product: null,
    key: 0,
  });
  const { connected } = useLiveRevalidate({
    url: "/api/admin/events",
    tables: ["products", "categories", "product_images"],
  });
  const openDialog = (product: ProductFormProduct | null) =>
    setDialog((d) => ({ open: true, product, key: d.key + 1 }));
  useOpenOnNew(() => openDialog(null), categories.length > 0);

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Products" description="Manage your neon sign products" live={connected}>
        <Button type="button" onClick={() => openDialog(null)} disabled={categories.length === 0}>
          <Plus /> Add Product
        </Button>
      </AdminPageHeader>
      {categories.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Create a category first: every product belongs to one.
        </p>
      ) : null}
      <Card>
        <CardContent className="p-0 sm:p-2">
          {products.length === 0 ? (
            <p className="p-8 text-center text-muted-foreground">
              No products found. Create your first product!
            </p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead className="hidden md:table-cell">Category</TableHead>
                  <TableHead>Price</TableHead>
                  <TableHead className="hidden sm:table-cell">Stock</TableHead>
                  <TableHead className="hidden sm:table-cell">Status</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {products.map((p) => {
                  const primary = p.images[0];
                  return (
                    <TableRow key={p.id}>
                      <TableCell className="font-medium sm:min-w-48">
                        <div className="flex items-center gap-3">
                          {primary ? (
                            <img
                              {...imageAttrs(primary, 320, imageBase)}
                              sizes="48px"
                              alt=""
                              className="size-12 shrink-0 rounded object-cover"
                              loading="lazy"
                            />
                          ) : (
                            <span
                              className="flex size-12 shrink-0 items-center justify-center rounded bg-muted"
                              aria-hidden="true"
                            >
                              <ImageOff className="size-5 text-muted-foreground" />
                            </span>
                          )}
                          <span>
                            {p.name}
                            <span className="block text-xs font-normal text-muted-foreground md:hidden">
                              {p.categoryName}
                              <span className="sm:hidden">
                                {" "}
                                · Stock {p.stockQuantity} · {p.isActive ? "Active" : "Inactive"}
                              </span>
                            </span>
                          </span>
                        </div>
                      </TableCell>
                      <TableCell className="hidden whitespace-nowrap md:table-cell">
                        {p.categoryName}
                      </TableCell>
                      <TableCell className="whitespace-nowrap tabular-nums">
                        {p.mediumPrice ? formatRupees(p.mediumPrice) : "N/A"}
                      </TableCell>
                      <TableCell className="hidden tabular-nums sm:table-cell">{p.stockQuantity}</TableCell>
                      <TableCell className="hidden sm:table-cell">
                        <Badge variant={p.isActive ? "success" : "secondary"}>
                          {p.isActive ? "Active" : "Inactive"}
                        </Badge>
                      </TableCell>
                      <TableCell>
                        <ProductActions product={p} onEdit={() => openDialog(p)} />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <ProductDialog
        key={dialog.key}
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        product={dialog.product}
        categories={categories}
      />
    </div>
  );
}
