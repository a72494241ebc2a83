import { sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";

/** The image keys among `keys` that some row still shows: products, banners, design previews, design proofs, logo quotes, complaint photos, order lines, review photos. */
export async function referencedImageKeys(keys: string[]): Promise<Set<string>> {
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  const r = await db().execute<{ key: string }>(sql`
    select k.key from unnest(array[${list}]::text[]) as k(key)
    where exists (select 1 from product_images where image_key = k.key)
       or exists (select 1 from banners where image_key = k.key)
       or exists (select 1 from custom_neon_orders where preview_image_key = k.key or wall_photo_key = k.key)
       or exists (select 1 from design_proofs where image_key = k.key)
       or exists (select 1 from logo_quotes where image_key = k.key)
       or exists (select 1 from review_photos where image_key = k.key)
       or exists (select 1 from grievances where attachment_key = k.key)
       or exists (select 1 from order_items where product_image like '/uploads/' || k.key || '/%')`);
  return new Set(r.rows.map((x) => x.key));
}
