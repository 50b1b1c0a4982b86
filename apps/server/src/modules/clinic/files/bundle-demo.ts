import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { plainToRichText } from "@clinic/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { Config } from "../../../config.ts";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { DEMO_ACCOUNTS } from "../../../demo-accounts.ts";
import { loadActor } from "../../../platform/access.ts";
import { createBlobStore, stageUpload } from "../../../platform/uploads.ts";
import { buildZip } from "../../../platform/zip-writer.ts";
import { activities } from "../activities/activities.table.ts";
import { createFile } from "./files.service.ts";
import { files } from "./files.table.ts";

export const EXAMPLE_BUNDLE_NAME = "Example bundle";
const EXAMPLE_FOLDER = path.join("packages", "games", "examples", "bundle");

/** The example's folder, found upwards from this module (src/ in development, dist/ once built); null when not shipped. */
function exampleFolder(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 8; depth++) {
    const candidate = path.join(dir, EXAMPLE_FOLDER);
    if (existsSync(path.join(candidate, "index.html"))) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/**
 * The demo's uploaded game: packages/games/examples/bundle zipped and uploaded by the admin as
 * the platform's File "Example bundle", through the same checks as any upload, and a game
 * activity playing it. Once: answers false when it is there already or the example is not shipped.
 */
export async function seedDemoBundle(db: Db, config: Config): Promise<boolean> {
  const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
  if (!adminRow) return false;
  const adminId = adminRow.id;
  const [existing] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.name, EXAMPLE_BUNDLE_NAME), isNull(files.clinicId)));
  const folder = exampleFolder();
  const admin = await loadActor(db, adminId);
  if (existing || !folder || !admin) return false;
  const names = (await readdir(folder)).sort();
  const zip = buildZip(await Promise.all(names.map(async (name) => ({ name, data: await readFile(path.join(folder, name)) }))));
  const store = createBlobStore(config);
  const staged = await stageUpload(store.stagingDir, Readable.from([zip]), zip.length + 1, "application/zip", "example-bundle.zip");
  try {
    const file = await createFile(db, store, admin, { fields: { name: EXAMPLE_BUNDLE_NAME, type: "Game" }, staged, errors: {} }, config.bundles);
    await db.insert(activities).values({
      name: "Quick hands (example bundle)",
      description: plainToRichText("An uploaded HTML5 game: press the button as soon as it says Now! It shows how a bundle reports its score."),
      type: "game",
      fileId: file.id,
      gameBuildId: null,
      clinicId: null,
      createdBy: adminId,
    });
  } finally {
    await staged.discard();
    if ("destroy" in store && typeof store.destroy === "function") store.destroy();
  }
  return true;
}
