import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { DEMO_DRAWINGS, demoPicture, PICTURE_HEIGHT, PICTURE_WIDTH } from "./demo-pictures.ts";
import { seedDemoShopPictures } from "./shop-demo.ts";

let t: TestApp;
let patient: string;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,virtual_shop" } });
  patient = await t.loginAs("patient");
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: patient } });

describe("the demo shop's pictures", () => {
  it("draws each demo product as a PNG of the storefront card's 4:3", () => {
    for (const name of Object.keys(DEMO_DRAWINGS)) {
      const png = demoPicture(name) as Buffer;
      expect(png.subarray(0, 8).toString("hex"), name).toBe("89504e470d0a1a0a");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], name).toEqual([PICTURE_WIDTH, PICTURE_HEIGHT]);
    }
    expect(demoPicture("Not a demo product")).toBeNull();
  });

  it("stores them once as the demo clinic's uploads; the patients of the clinic see them in the storefront", async () => {
    expect(await seedDemoShopPictures(t.db, t.config)).toBe(12);
    expect(await seedDemoShopPictures(t.db, t.config)).toBe(0);
    const [store] = (await get("/api/shop/storefront/stores")).json() as { id: number }[];
    const items = (await get(`/api/shop/storefront/stores/${store?.id}/items?rowsPerPage=50`)).json().data as {
      kind: string;
      name: string;
      imageUrl: string | null;
    }[];
    // Every product, and the bundle through its parts' pictures.
    expect(items).toHaveLength(13);
    expect(items.filter((item) => item.imageUrl === null)).toEqual([]);
    const picture = await get(items.find((item) => item.name === "Foam roller")?.imageUrl as string);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/png");
    expect(picture.rawPayload.subarray(1, 4).toString()).toBe("PNG");

    // A picture a manager took off stays off on the next start.
    await t.db.execute(
      sql`delete from shop_product_images where product_id = (select id from shop_products where name = 'Foam roller' and store_id = ${store?.id})`,
    );
    expect(await seedDemoShopPictures(t.db, t.config)).toBe(0);
  });
});
