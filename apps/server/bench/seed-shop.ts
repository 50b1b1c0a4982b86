// Fills the demo clinic's store with a large catalogue for `npm run bench` (issue 20): product
// names from word lists, one or two variants each with ample stock, about 1 % of the names holding
// SHOP_SEARCH_WORD, each product in the category of its kind (twenty categories, so a category page
// shows about 2 500); and the buyers of the checkout measurement: patients of the demo clinic who
// share the demo patient's password, each with a product of its own to buy. Everything by a
// handful of `insert ... select` statements.
//
// `npm run bench` calls it once the demo is seeded. By hand:
//   DATABASE_URL=postgres://... npx tsx apps/server/bench/seed-shop.ts [count]
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";

/** A word that about 1 % of the seeded product names contain (no other word of the lists does). */
export const SHOP_SEARCH_WORD = "wobble";
/** The SKU prefix of the products the bench's buyers check out, one each (stock enough for every round): `BENCH-CHECKOUT-1`, ... */
export const CHECKOUT_SKU = "BENCH-CHECKOUT";
/** The category whose page the bench reads: the products of this kind. */
export const SHOP_CATEGORY_KIND = "board";

const list = (text: string) => text.split(",").map((word) => word.trim());
const KINDS = list(`
  pad, board, cushion, roller, ball, band, loop, weight, mat, step,
  disc, dome, bar, strap, grip, ring, block, wedge, bolster, card`);
// A hundred qualities, one of which is the search word.
const QUALITIES = list(`
  soft, firm, extra firm, textured, smooth, inflatable, foldable, compact, large, small,
  round, square, long, short, heavy, light, medium, padded, anti-slip, washable,
  travel, home, clinic, pro, junior, senior, eco, latex-free, vegan, recycled,
  blue, green, red, grey, black, white, purple, orange, yellow, pink,
  balance, stability, mobility, strength, posture, gait, vestibular, gaze, core, ankle,
  knee, hip, shoulder, wrist, neck, back, foot, hand, finger, toe,
  ${SHOP_SEARCH_WORD}, rocker, spinning, tilting, bouncy, quiet, warm, cool, scented, glow,
  dual, triple, mini, maxi, wide, narrow, tall, low, half, full,
  daily, weekly, starter, advanced, gentle, intense, therapy, rehab, sport, everyday,
  classic, modern, deluxe, basic, premium, value, family, kids, adult, universal`);

export interface ShopSeeded {
  storeId: number;
  inserted: number;
  total: number;
  seconds: number;
  /** Share of the store's product names that contain SHOP_SEARCH_WORD. */
  searchMatches: number;
  /** The category of SHOP_CATEGORY_KIND, and how many products it holds. */
  categoryId: number;
  categoryProducts: number;
  buyers: { email: string; password: string }[];
}

/** Adds `count` products to the demo store unless it already holds that many, and `buyerCount` buyers. */
export async function seedShop(url: string, count = 50_000, buyerCount = 20, log: (line: string) => void = console.log): Promise<ShopSeeded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    const clinic = await client.query<{ id: string }>("select id from users where email = $1", [DEMO_ACCOUNTS.clinic.email]);
    const clinicId = clinic.rows[0]?.id;
    if (!clinicId) throw new Error("the demo clinic is missing: seed the demo first");
    const store = await client.query<{ id: number }>("select id from shop_stores where clinic_id = $1 order by id limit 1", [clinicId]);
    const storeId = store.rows[0]?.id;
    if (!storeId) throw new Error("the demo clinic has no store: the demo seed makes one");
    const before = Number((await client.query<{ n: string }>("select count(*) as n from shop_products where store_id = $1", [storeId])).rows[0]?.n);
    let inserted = 0;
    await client.query("begin");
    // A category per kind ("Boards", ...), made once.
    await client.query(
      `insert into shop_categories (store_id, name, position)
       select $1, initcap(kind) || 's', position from unnest($2::text[]) with ordinality as k(kind, position)
       on conflict (store_id, lower(name)) do nothing`,
      [storeId, KINDS],
    );
    if (before < count) {
      await client.query("select setseed(0.2026)");
      const made = await client.query(
        `with picks as (
           select g, $2::text[] as kinds, $3::text[] as qualities,
                  floor(random() * array_length($2::text[], 1))::int + 1 as k,
                  floor(random() * array_length($3::text[], 1))::int + 1 as q,
                  floor(random() * array_length($3::text[], 1))::int + 1 as q2
           from generate_series(1, $1::int) g
         ), products as (
           insert into shop_products (store_id, category_id, name, description)
           select $4, c.id, initcap(qualities[q]) || ' ' || qualities[q2] || ' ' || kinds[k] || ' ' || g,
                  '<p>A ' || qualities[q] || ' ' || kinds[k] || ' for home exercises.</p>'
           from picks left join shop_categories c on c.store_id = $4 and lower(c.name) = kinds[k] || 's'
           returning id
         )
         insert into shop_variants (product_id, store_id, sku, name, price_cents, stock, position)
         select p.id, $4, 'BENCH-' || p.id || '-' || v, case v when 1 then 'Standard' else 'Large' end, 500 + (p.id * 37 + v * 11) % 9500, 1000, v - 1
         from products p cross join generate_series(1, 1 + (random() < 0.5)::int) v`,
        [count - before, KINDS, QUALITIES, storeId],
      );
      inserted = count - before;
      log(`seeded ${inserted} products (${made.rowCount} variants)`);
    }
    // Products seeded before categories were (a reused database): each into its kind's category.
    await client.query(
      `update shop_products p set category_id = c.id
       from shop_categories c
       where p.store_id = $1 and p.category_id is null and c.store_id = $1 and lower(c.name) = (regexp_match(p.name, '(\\w+) \\d+$'))[1] || 's'`,
      [storeId],
    );
    // The products the checkouts buy, one per buyer: stock for every round.
    await client.query(
      `with wanted as (
         select n, $2 || '-' || n as sku from generate_series(1, $3::int) n
         where not exists (select 1 from shop_variants v where v.store_id = $1 and v.sku = $2 || '-' || n)
       ), products as (
         insert into shop_products (store_id, name) select $1, 'Bench checkout item ' || n from wanted returning id, name
       )
       insert into shop_variants (product_id, store_id, sku, price_cents, stock)
       select p.id, $1, w.sku, 1990, 1000000 from products p join wanted w on p.name = 'Bench checkout item ' || w.n`,
      [storeId, CHECKOUT_SKU, buyerCount],
    );
    await client.query("update shop_variants set stock = 1000000 where store_id = $1 and sku like $2 || '-%' and stock <> 1000000", [storeId, CHECKOUT_SKU]);
    // Buyers: patients of the demo clinic with the demo patient's password (one argon2 hash, copied).
    const buyers: ShopSeeded["buyers"] = [];
    for (let index = 1; index <= buyerCount; index += 1) {
      const email = `bench-buyer-${index}@example.com`;
      await client.query(
        `with made as (
           insert into users (id, name, email, nombres, apellidos, clinic_id, is_active, language)
           values (gen_random_uuid()::text, '', $1, 'Bench', 'Buyer ' || $3, $2, true, 'en')
           on conflict do nothing returning id
         ), grouped as (
           insert into user_groups (user_id, group_id, position) select id, 1, 0 from made
         )
         insert into accounts (id, account_id, provider_id, user_id, password)
         select gen_random_uuid()::text, made.id, 'credential', made.id, a.password
         from made, accounts a join users u on u.id = a.user_id where u.email = $4 and a.provider_id = 'credential'`,
        [email, clinicId, index, DEMO_ACCOUNTS.patient.email],
      );
      buyers.push({ email, password: DEMO_ACCOUNTS.patient.password });
    }
    await client.query("commit");
    await client.query("analyze shop_products");
    await client.query("analyze shop_variants");
    const total = Number((await client.query<{ n: string }>("select count(*) as n from shop_products where store_id = $1", [storeId])).rows[0]?.n);
    const matches = Number(
      (await client.query<{ n: string }>("select count(*) as n from shop_products where store_id = $1 and name ilike $2", [storeId, `%${SHOP_SEARCH_WORD}%`]))
        .rows[0]?.n,
    );
    const category = (
      await client.query<{ id: number; n: string }>(
        "select c.id, (select count(*) from shop_products p where p.category_id = c.id) as n from shop_categories c where c.store_id = $1 and lower(c.name) = $2",
        [storeId, `${SHOP_CATEGORY_KIND}s`],
      )
    ).rows[0];
    if (!category) throw new Error(`the "${SHOP_CATEGORY_KIND}s" category is missing`);
    return {
      storeId,
      inserted,
      total,
      seconds: (performance.now() - started) / 1000,
      searchMatches: total === 0 ? 0 : matches / total,
      categoryId: category.id,
      categoryProducts: Number(category.n),
      buyers,
    };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("Set DATABASE_URL");
  const seeded = await seedShop(url, Number(process.argv[2] ?? 50_000));
  console.log(
    `${seeded.total} products in store ${seeded.storeId}, ${(seeded.searchMatches * 100).toFixed(2)} % match "${SHOP_SEARCH_WORD}", ${seeded.categoryProducts} in category ${seeded.categoryId}`,
  );
}
