import { Readable } from "node:stream";
import { OPENING_STOCK_NOTE } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { DEMO_ACCOUNTS } from "../../demo-accounts.ts";
import { checkContent, createBlobStore, keepUpload, stageUpload } from "../../platform/uploads.ts";
import { DEMO_DRAWINGS, demoPicture } from "./demo-pictures.ts";
import {
  shopBundleItems,
  shopBundles,
  shopCategories,
  shopDiscounts,
  shopProductImages,
  shopProducts,
  shopStockMoves,
  shopStores,
  shopVariants,
} from "./shop.table.ts";

/**
 * The demo clinic's shop (issue 20.6): a dozen rehabilitation products in four categories, a
 * bundle and a welcome code. Seeded with the rest of the demo; it shows once an administrator
 * switches the online shop on (Modules screen, or FEATURE_FLAGS=clinic,virtual_shop).
 */

type DemoVariant = [sku: string, name: string, euros: number, stock: number];
interface DemoProduct {
  name: string;
  category: number;
  description: string;
  variants: DemoVariant[];
}

const CATEGORIES = ["Balance", "Mobility", "Home exercises", "Vouchers"];

const PRODUCTS: DemoProduct[] = [
  {
    name: "Balance pad",
    category: 0,
    description: "<p>Soft foam pad for standing balance and proprioception exercises at home.</p>",
    variants: [
      ["PAD-S", "Small", 24.9, 18],
      ["PAD-L", "Large", 34.9, 12],
    ],
  },
  {
    name: "Wobble board",
    category: 0,
    description: "<p>Round wobble board with a non-slip top, for ankle and balance training.</p>",
    variants: [["WOB-40", "40 cm", 39.0, 8]],
  },
  {
    name: "Air stability cushion",
    category: 0,
    description: "<p>Inflatable cushion: sit or stand on it to train postural control.</p>",
    variants: [
      ["CUSH-BLUE", "Blue", 19.5, 20],
      ["CUSH-GREY", "Grey", 19.5, 4],
    ],
  },
  {
    name: "Foam roller",
    category: 1,
    description: "<p>Firm foam roller for mobility and self-massage.</p>",
    variants: [
      ["ROLL-30", "30 cm", 17.9, 15],
      ["ROLL-45", "45 cm", 22.9, 10],
      ["ROLL-90", "90 cm", 32.9, 3],
    ],
  },
  {
    name: "Massage ball set",
    category: 1,
    description: "<p>Two textured balls for plantar and shoulder release.</p>",
    variants: [["BALL-2", "Set of two", 12.5, 25]],
  },
  {
    name: "Ankle weights",
    category: 1,
    description: "<p>Adjustable ankle weights for strengthening exercises.</p>",
    variants: [
      ["ANK-05", "0.5 kg pair", 16.0, 9],
      ["ANK-10", "1 kg pair", 21.0, 6],
    ],
  },
  {
    name: "Resistance band",
    category: 2,
    description: "<p>Latex-free band, 1.5 m, by resistance.</p>",
    variants: [
      ["BAND-L", "Light", 9.9, 30],
      ["BAND-M", "Medium", 10.9, 30],
      ["BAND-H", "Heavy", 11.9, 2],
    ],
  },
  {
    name: "Mini loop bands",
    category: 2,
    description: "<p>Pack of five loop bands of increasing resistance.</p>",
    variants: [["LOOP-5", "Pack of five", 14.9, 14]],
  },
  {
    name: "Gaze stability cards",
    category: 2,
    description: "<p>Printed targets for the gaze stabilisation (VOR) exercises your therapist assigns.</p>",
    variants: [["GAZE-SET", "Set", 8.5, 40]],
  },
  {
    name: "Home programme booklet",
    category: 2,
    description: "<p>Illustrated booklet of the vestibular home exercises.</p>",
    variants: [
      ["BOOK-EN", "English", 12.0, 10],
      ["BOOK-ES", "Spanish", 12.0, 10],
    ],
  },
  {
    name: "Therapy session voucher",
    category: 3,
    description: "<p>A voucher for sessions at the clinic, valid for a year.</p>",
    variants: [
      ["VOUCH-1", "One session", 45.0, 100],
      ["VOUCH-5", "Five sessions", 200.0, 100],
    ],
  },
  {
    name: "Online follow-up voucher",
    category: 3,
    description: "<p>A 30-minute video follow-up with your therapist.</p>",
    variants: [["VOUCH-ONLINE", "30 minutes", 30.0, 100]],
  },
];

const cents = (euros: number) => Math.round(euros * 100);

export async function seedDemoShop(db: Db, ids: { clinicId: string; adminId: string }, options: { onlyIfNone?: boolean } = {}): Promise<void> {
  if (options.onlyIfNone) {
    const [any] = await db.select({ id: shopStores.id }).from(shopStores).where(eq(shopStores.clinicId, ids.clinicId)).limit(1);
    if (any) return;
  }
  const [store] = await db
    .insert(shopStores)
    .values({
      clinicId: ids.clinicId,
      name: "Clínica Vestibular Norte — Shop",
      currency: "EUR",
      address: "Calle Mayor 12, 28013 Madrid",
      taxRateBp: 2100,
      shippingCents: 490,
    })
    .returning({ id: shopStores.id });
  const storeId = (store as { id: number }).id;
  const categories = await db
    .insert(shopCategories)
    .values(CATEGORIES.map((name, position) => ({ storeId, name, position })))
    .returning({ id: shopCategories.id });
  const skus = new Map<string, number>();
  for (const product of PRODUCTS) {
    const [row] = await db
      .insert(shopProducts)
      .values({ storeId, categoryId: categories[product.category]?.id ?? null, name: product.name, description: product.description })
      .returning({ id: shopProducts.id });
    const variants = await db
      .insert(shopVariants)
      .values(
        product.variants.map(([sku, name, euros, stock], position) => ({
          productId: (row as { id: number }).id,
          storeId,
          sku,
          name,
          priceCents: cents(euros),
          stock,
          lowStockThreshold: 5,
          position,
        })),
      )
      .returning({ id: shopVariants.id, sku: shopVariants.sku, stock: shopVariants.stock });
    for (const variant of variants) skus.set(variant.sku, variant.id);
    await db
      .insert(shopStockMoves)
      .values(variants.map((variant) => ({ variantId: variant.id, delta: variant.stock, reason: "adjustment", note: OPENING_STOCK_NOTE, by: ids.adminId })));
  }
  const [kit] = await db
    .insert(shopBundles)
    .values({
      storeId,
      name: "Home balance kit",
      description: "<p>A large balance pad, a 45 cm foam roller and a medium band: everything for the first weeks at home.</p>",
      priceCents: 5900,
    })
    .returning({ id: shopBundles.id });
  await db
    .insert(shopBundleItems)
    .values(
      (["PAD-L", "ROLL-45", "BAND-M"] as const).map((sku) => ({ bundleId: (kit as { id: number }).id, variantId: skus.get(sku) as number, quantity: 1 })),
    );
  await db.insert(shopDiscounts).values({ storeId, title: "Welcome offer", code: "WELCOME10", kind: "percent", value: 1000, perCustomerLimit: 1 });
}

/** The upload name of a demo product's picture: how a later start knows it was added once. */
const pictureName = (product: string) => `demo-${product.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.png`;

/**
 * The demo products' pictures (demo-pictures.ts), stored as any upload of the demo clinic (disk
 * or S3, as configured) through the same content check. Once: a product whose picture was added
 * before (even if a manager removed it since) is left alone. Answers how many were added.
 */
export async function seedDemoShopPictures(db: Db, config: Config): Promise<number> {
  const names = Object.keys(DEMO_DRAWINGS);
  const missing = await db.execute<{ id: number; name: string; clinic_id: string }>(sql`
    with wanted as (select * from unnest(${sql.param(names)}::text[], ${sql.param(names.map(pictureName))}::text[]) as w(name, file))
    select p.id, p.name, s.clinic_id from wanted w
      join shop_products p on p.name = w.name join shop_stores s on s.id = p.store_id join users u on u.id = s.clinic_id
    where u.email = ${DEMO_ACCOUNTS.clinic.email}
      and not exists (select 1 from uploads up where up.clinic_id = s.clinic_id and up.original_name = w.file)`);
  if (missing.rows.length === 0) return 0;
  const store = createBlobStore(config);
  try {
    for (const product of missing.rows) {
      const bytes = demoPicture(product.name) as Buffer;
      const staged = await stageUpload(store.stagingDir, Readable.from([bytes]), bytes.length + 1, "image/png", pictureName(product.name));
      try {
        const content = checkContent(staged, ["image"]);
        if (!content.ok) throw new Error(`demo picture of ${product.name}: ${content.errors.join(" ")}`);
        const uploadId = await keepUpload(db, store, staged, content, { name: product.name, clinicId: product.clinic_id, createdBy: null });
        await db.insert(shopProductImages).values({ productId: product.id, uploadId, position: 0 });
      } finally {
        await staged.discard();
      }
    }
  } finally {
    if ("destroy" in store && typeof store.destroy === "function") store.destroy();
  }
  return missing.rows.length;
}
