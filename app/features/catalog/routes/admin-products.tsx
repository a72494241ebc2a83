import { Link } from "react-router";
import { AddButton, AdminTableCard } from "~/features/admin-shell/ui/admin-list";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { Thumbnail } from "~/features/admin-shell/ui/thumbnail";
import { useEditDialog } from "~/features/admin-shell/ui/edit-dialog";
import { RowActions } from "~/features/admin-shell/ui/row-actions";
import { ProductDialog, type ProductFormProduct } from "~/features/catalog/ui/product-dialog";
import { Badge } from "~/ui/badge";
import { TableCell, TableRow } from "~/ui/table";
import {
  MAX_PRODUCT_FORM_BYTES,
  productFormSchema,
  type ProductInput,
} from "~/features/catalog/admin-catalog";
import { idSchema } from "~/shared/admin-forms";
import { formatRupees } from "~/shared/money";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useOpenOnNew } from "~/ui/use-new-param";
import {
  badRequest,
  failsAt,
  intent,
  intentTable,
  invalidForm,
  reply,
  text,
} from "~/platform/auth/admin-action.server";
import { adminLoader, deleteIntent, intentAction } from "~/features/admin-shell/admin-route.server";
import { listCategoryOptions } from "~/features/catalog/admin-categories.server";
import { deleteProduct, listProductsAdmin, saveProduct } from "~/features/catalog/admin-products.server";
import { fileBytes, formFiles } from "~/platform/http/form-body.server";
import type { Route } from "./+types/admin-products";

export const meta: Route.MetaFunction = () => adminMeta("Products");

export const loader = adminLoader(async () => {
  const [products, categories] = await Promise.all([listProductsAdmin(), listCategoryOptions()]);
  return { products, categories };
}, "catalogue");

const failedSave = (message?: string) =>
  message ? `Failed to save product: ${message}` : "Failed to save product";

async function save(intentName: "create" | "update", id: string | null, input: ProductInput, form: FormData) {
  const uploads = await Promise.all(formFiles(form, "images").map(fileBytes));
  const result = await saveProduct(id, input, { slots: text(form, "imageSlots") || null, uploads });
  return reply(
    intentName,
    result,
    (r) => (r.created ? "Product created successfully" : "Product updated successfully"),
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
  delete: deleteIntent(deleteProduct, {
    done: "Product deleted successfully",
    failed: "Failed to delete product",
    withReason: true,
  }),
});

export const action = intentAction(actions, {
  permission: "catalogue",
  maxBytes: MAX_PRODUCT_FORM_BYTES,
  tooLarge: "Failed to save product: the upload is too large (at most 5 images of 10MB each).",
});

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { products, categories } = loaderData;
  const dialog = useEditDialog<ProductFormProduct>();
  useOpenOnNew(() => dialog.edit(null), categories.length > 0);

  return (
    <AdminPage
      title="Products"
      description="Manage your neon sign products"
      liveTables={["products", "categories", "product_images"]}
      action={
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/admin/products/costs" className="text-sm font-medium underline underline-offset-4">
            Costs and margins
          </Link>
          <AddButton onClick={() => dialog.edit(null)} disabled={categories.length === 0}>
            Add Product
          </AddButton>
        </div>
      }
    >
      {categories.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Create a category first: every product belongs to one.
        </p>
      ) : null}
      <AdminTableCard
        columns={[
          "Name",
          { label: "Category", className: "hidden md:table-cell" },
          "Price",
          { label: "Stock", className: "hidden sm:table-cell" },
          { label: "Status", className: "hidden sm:table-cell" },
        ]}
        items={products}
        empty="No products found. Create your first product!"
      >
        {(p) => (
          <TableRow key={p.id}>
            <TableCell className="font-medium sm:min-w-48">
              <div className="flex items-center gap-3">
                <Thumbnail image={p.images[0]} px={48} />
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
            <TableCell className="hidden whitespace-nowrap md:table-cell">{p.categoryName}</TableCell>
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
              <RowActions
                id={p.id}
                name={p.name}
                onEdit={() => dialog.edit(p)}
                confirm={{
                  question: "Are you sure you want to delete this product?",
                  details: `"${p.name}" and its images will be deleted. This cannot be undone.`,
                }}
              />
            </TableCell>
          </TableRow>
        )}
      </AdminTableCard>
      <ProductDialog key={dialog.key} dialog={dialog} categories={categories} />
    </AdminPage>
  );
}
