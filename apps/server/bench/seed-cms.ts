// Gives the CMS rows of `npm run bench` the site of a large clinic group: BENCH_CMS_PAGES pages
// per language (half published), each with six blocks and three versions, so the editors' list
// pages through a real table and the public page is looked up among them. A few statements;
// nothing is added when the bench pages exist already (their slugs start with "bench-page-").
//
// `npm run bench` calls it on the server's database once the demo is seeded. By hand:
//   DATABASE_URL=postgres://... npx tsx apps/server/bench/seed-cms.ts [count]
import { inTransaction, seedFromCommandLine, withSeedClient } from "./seed-connection.ts";

export interface SeededCms {
  pages: number;
  /** A published English bench page's slug, for the public page's row. */
  publicSlug: string;
}

const PREFIX = "bench-page-";

export async function seedCms(url: string, count = 1_000): Promise<SeededCms> {
  return withSeedClient(url, async (client) => {
    const existing = await client.query<{ n: number }>("select count(*)::int as n from cms_pages where slug like $1", [`${PREFIX}%`]);
    if ((existing.rows[0]?.n ?? 0) === 0) {
      await inTransaction(client, async () => {
        // One content per page: a heading paragraph, two text blocks, a call to action, two columns and an FAQ of three.
        await client.query(
          `with made as (
           insert into cms_pages (title, slug, language, draft, version, published, published_version, state, published_at, public_slug, public_language, updated_at)
           select c.title, c.slug, c.language, c.content, 3, case when g % 2 = 0 then c.content end, case when g % 2 = 0 then 3 end,
             case when g % 2 = 0 then 'published' else 'draft' end, case when g % 2 = 0 then now() - g * interval '1 hour' end,
             case when g % 2 = 0 then c.slug end, case when g % 2 = 0 then c.language end, now() - g * interval '1 hour'
           from generate_series(1, $1::int) as g, unnest(array['en', 'es']) as l(language),
           lateral (select 'Bench page ' || lpad(g::text, 5, '0') || ' ' || l.language as title, '${PREFIX}' || lpad(g::text, 5, '0') as slug, l.language) n,
           lateral (select n.title, n.slug, n.language, jsonb_build_object(
             'title', n.title, 'slug', n.slug, 'language', n.language, 'isHome', false,
             'seoTitle', n.title, 'seoDescription', 'Vestibular and cognitive therapy: ' || n.title || '.', 'socialImageId', null, 'twinId', null,
             'blocks', jsonb_build_array(
               jsonb_build_object('kind', 'text', 'html', '<h2>' || n.title || '</h2><p>' || repeat('Balance, gaze and cognition exercises at home. ', 12) || '</p>'),
               jsonb_build_object('kind', 'text', 'html', '<p>' || repeat('Each programme is planned with your therapist. ', 10) || '</p>'),
               jsonb_build_object('kind', 'cta', 'label', 'Contact us', 'href', '/site/en/contact', 'style', 'primary'),
               jsonb_build_object('kind', 'columns', 'left', '<p>Assessment</p>', 'right', '<p>Treatment</p>'),
               jsonb_build_object('kind', 'faq', 'items', jsonb_build_array(
                 jsonb_build_object('question', 'How long is a session?', 'answer', '<p>About 45 minutes.</p>'),
                 jsonb_build_object('question', 'Do I need a referral?', 'answer', '<p>No.</p>'),
                 jsonb_build_object('question', 'Can I train at home?', 'answer', '<p>Yes, with the app.</p>'))),
               jsonb_build_object('kind', 'text', 'html', '<p>Opening hours: Monday to Friday, 9:00 to 19:00.</p>'))) as content) c
           returning id, draft
         )
         insert into cms_page_versions (page_id, version, content, autosave, created_at)
         select made.id, v, made.draft, v = 2, now() - (4 - v) * interval '1 day' from made, generate_series(1, 3) as v`,
          [count],
        );
      });
      await client.query("vacuum analyze cms_pages, cms_page_versions");
    }
    const pages = await client.query<{ n: number }>("select count(*)::int as n from cms_pages");
    return { pages: pages.rows[0]?.n ?? 0, publicSlug: `${PREFIX}00002` };
  });
}

await seedFromCommandLine(import.meta.url, seedCms);
