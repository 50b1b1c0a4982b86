// Fills a demo database with a large activities catalogue for `npm run bench`: varied names
// and descriptions (rich-text HTML, as the editor stores them) built from word lists, games, videos (on a few link files) and texts,
// split between the platform and the demo clinic, about a third filed under a category.
// Everything is made by a handful of `insert ... select generate_series` statements.
//
// `npm run bench` calls it on the server's database once the demo is seeded. By hand:
//   DATABASE_URL=postgres://... npx tsx apps/server/bench/seed-activities.ts [count]
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";

/** One word of the name list that a name search finds in about 1 % of the seeded names. */
export const SEARCH_WORD = "tremor";

/** A comma-separated word list, spread over lines. */
const list = (text: string) => text.split(",").map((word) => word.trim());

const ADJECTIVES = list(`
  Gentle, Quick, Daily, Guided, Seated, Standing, Slow, Playful, Focused, Calm,
  Steady, Bright, Morning, Evening, Simple, Advanced, Paired, Quiet, Rhythmic, Mindful`);
// A hundred focus words, each in about 1 % of the names; no other word contains SEARCH_WORD.
const FOCUS = list(`
  breathing, balance, posture, memory, attention, grip, wrist, shoulder, ankle, knee,
  neck, spine, jaw, tongue, gaze, rhythm, speech, reading, writing, counting,
  spelling, naming, sorting, matching, planning, sequencing, pacing, relaxation, sleep, mood,
  stress, worry, coordination, dexterity, reaching, ${SEARCH_WORD}, gait, stairs, endurance, stretching,
  pelvic floor, elbow, finger, thumb, toes, heel, calf, thigh, lower back, chest,
  voice, swallowing, chewing, smile, vision, tracking, scanning, logic, puzzles, colours,
  shapes, vocabulary, letters, numbers, stories, music, drawing, cooking, dressing, washing,
  shopping, money, calendar, routine, journal, gratitude, kindness, patience, courage, confidence,
  teamwork, greetings, listening, turn-taking, humour, fatigue, dizziness, vertigo, pain relief, hydration,
  screen time, outdoors, gardening, handwriting, typing, buttons, keys, cups, cutlery, bathing`);
const FORMS: Record<"game" | "video" | "text", string[]> = {
  game: ["game", "challenge", "quiz", "race", "match-up", "maze"],
  video: ["video", "demo", "walkthrough", "lesson", "class", "routine video"],
  text: ["guide", "reading", "worksheet", "notes", "tips", "handout"],
};
const TIPS = [
  "Stop and rest if anything hurts.",
  "Sit near a wall or a sturdy chair.",
  "Do it at the same time every day.",
  "Ask a family member to join you.",
  "Write down how it went afterwards.",
  "Keep water close by.",
  "Take it slowly at first and build up over the week.",
  "Breathe out during the effort.",
  "It works best in a quiet room.",
  "Repeat each step until it feels easy.",
];
const AUDIENCES = ["children", "adults", "older adults", "everyone", "teenagers", "families"];

interface Seeded {
  inserted: number;
  total: number;
  seconds: number;
  /** Share of all activity names that contain SEARCH_WORD. */
  searchMatches: number;
}

/** Adds `count` activities unless the table already holds that many (a reused database). */
export async function seedActivities(url: string, count = 100_000, log: (line: string) => void = console.log): Promise<Seeded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    const before = Number((await client.query<{ n: string }>("select count(*) as n from activities")).rows[0].n);
    if (before >= count) {
      log(`activities already hold ${before} rows: nothing seeded`);
      const matches = await searchMatches(client);
      return { inserted: 0, total: before, seconds: 0, searchMatches: matches };
    }
    const owners = await client.query<{ email: string; id: string }>("select email, id from users where email = any($1)", [
      [DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.clinic.email],
    ]);
    const adminId = owners.rows.find((row) => row.email === DEMO_ACCOUNTS.admin.email)?.id;
    const clinicId = owners.rows.find((row) => row.email === DEMO_ACCOUNTS.clinic.email)?.id;
    if (!adminId || !clinicId) throw new Error("the demo admin and clinic accounts are missing: seed the demo first");

    await client.query("begin");
    // Same names on every run, so the bench's search finds the same rows.
    await client.query("select setseed(0.2026)");
    const maxBefore = Number((await client.query<{ id: number | null }>("select max(id) as id from activities")).rows[0].id ?? 0);
    // A few platform video links for the video activities.
    const videoFiles = await client.query<{ id: number }>(
      `insert into files (name, type, link, clinic_id, created_by)
       select 'Bench video ' || g, 'Video', 'https://videos.example.com/bench/' || g || '.mp4', null, $1
       from generate_series(1, 20) g returning id`,
      [adminId],
    );
    await client.query(
      `with picks as (
         select g,
                $3::text[] as adjectives, $4::text[] as focus, $8::int[] as video_files,
                floor(random() * array_length($3::text[], 1))::int + 1 as a,
                floor(random() * array_length($4::text[], 1))::int + 1 as f,
                floor(random() * array_length($4::text[], 1))::int + 1 as f2,
                floor(random() * 6)::int + 1 as form,
                floor(random() * array_length($5::text[], 1))::int + 1 as tip,
                floor(random() * array_length($6::text[], 1))::int + 1 as audience,
                (array['game', 'video', 'text'])[floor(random() * 3)::int + 1] as type,
                random() < 0.5 as platform,
                5 + floor(random() * 26)::int as minutes
         from generate_series(1, $1::int) g
       ), named as (
         select *,
                case type when 'game' then $7::jsonb->'game' when 'video' then $7::jsonb->'video' else $7::jsonb->'text' end ->> (form - 1) as form_name
         from picks
       )
       insert into activities (name, description, clinic_id, created_by, type, file_id, game_build_id, body, created_at, updated_at)
       select adjectives[a] || ' ' || focus[f] || ' ' || form_name,
              '<p>A ' || lower(adjectives[a]) || ' ' || form_name || ' to work on ' || focus[f] || ' and ' || focus[f2] || ', for ' ||
                ($6::text[])[audience] || '. ' || ($5::text[])[tip] || ' About ' || minutes || ' minutes.</p>',
              case when platform then null else $2 end,
              case when platform then $9 else $2 end,
              type,
              case when type = 'video' then video_files[1 + g % array_length(video_files, 1)] end,
              case when type = 'game' then 'bench-game-' || (g % 50) end,
              case when type = 'text' then '<p>Read this at your own pace. <strong>' || ($5::text[])[tip] || '</strong></p><p>Then try the ' || focus[f] || ' steps with your therapist.</p>' end,
              now() - (g % 1000) * interval '1 hour',
              now() - (g % 1000) * interval '1 hour'
       from named`,
      [count, clinicId, ADJECTIVES, FOCUS, TIPS, AUDIENCES, JSON.stringify(FORMS), videoFiles.rows.map((row) => row.id), adminId],
    );
    // About a third filed under a category, some of them also linked to a recommendation; a
    // platform activity only under platform entries, a clinic's under the platform's or its own.
    for (const [table, column, share] of [
      ["categories", "category_id", 0.35],
      ["recommendations", "recommendation_id", 0.2],
    ] as const) {
      const link = table === "categories" ? "activity_categories" : "activity_recommendations";
      await client.query(
        `with platform as (select array_agg(id order by id) as ids from ${table} where clinic_id is null),
              own as (select array_agg(id order by id) as ids from ${table} where clinic_id is null or clinic_id = $2)
         insert into ${link} (activity_id, ${column})
         select a.id, case when a.clinic_id is null then platform.ids[1 + a.id % array_length(platform.ids, 1)] else own.ids[1 + a.id % array_length(own.ids, 1)] end
         from activities a, platform, own
         where a.id > $1 and random() < $3 and array_length(platform.ids, 1) > 0
         on conflict do nothing`,
        [maxBefore, clinicId, share],
      );
    }
    await client.query("commit");
    const inserted = performance.now();
    // Fresh statistics and visibility map, as autovacuum would leave a live table.
    await client.query("vacuum analyze activities, activity_categories, activity_recommendations, files");
    const total = Number((await client.query<{ n: string }>("select count(*) as n from activities")).rows[0].n);
    const seconds = (performance.now() - started) / 1000;
    const matches = await searchMatches(client);
    log(
      `seeded ${total - before} activities in ${seconds.toFixed(1)} s (inserts ${((inserted - started) / 1000).toFixed(1)} s, vacuum analyze ${((performance.now() - inserted) / 1000).toFixed(1)} s; ` +
        `table now ${total} rows; "${SEARCH_WORD}" in ${(matches * 100).toFixed(2)} % of names)`,
    );
    return { inserted: total - before, total, seconds, searchMatches: matches };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

async function searchMatches(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ share: number | null }>("select avg((name ilike $1)::int)::float as share from activities", [`%${SEARCH_WORD}%`]);
  return rows[0].share ?? 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) {
    console.error("Set DATABASE_URL (or BENCH_DATABASE_URL) to the demo database.");
    process.exit(1);
  }
  const count = process.argv[2] ? Number(process.argv[2]) : 100_000;
  if (!Number.isInteger(count) || count < 1) {
    console.error(`The count must be a positive integer, not "${process.argv[2]}".`);
    process.exit(1);
  }
  await seedActivities(url, count);
}
