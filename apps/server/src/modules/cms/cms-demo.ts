import { type CmsBlock, type CmsLanguage, type CmsMenuItemInput, type CmsPageContent, DEFAULT_CUSTOM_GROUPS, type GroupId } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { groups, users } from "../../db/schema.ts";
import { hashPassword } from "../../platform/auth.ts";
import { insertUser } from "../accounts/users.service.ts";

/**
 * The CMS's demo (issue 39): a small clinic website in English and Spanish (home, services,
 * about, contact), each page linked to its translation, all published as version 1 by the demo
 * web editor, with a header (Services, About, Contact) and a footer (those and an external link)
 * per language. No images: the demo has no uploads of its own to show. Seeded once, straight to
 * the tables in one transaction, dated from the anchor day; it shows once an admin switches
 * `navegacion` on.
 */

export const DEMO_CMS_ACCOUNT = {
  email: "editor@example.com",
  password: "Editor-demo-2026",
  nombres: "Elena",
  apellidos: "Ruiz",
  language: "en" as const,
} as const;

type DemoPage = { key: "home" | "services" | "about" | "contact"; title: string; slug: string; seoTitle: string; seoDescription: string; blocks: CmsBlock[] };

/** A text beside its translation. */
type Texts = Record<CmsLanguage, string>;

/** The four pages in one language: their shape is written once, each text next to its Spanish twin. */
function demoPages(language: CmsLanguage): DemoPage[] {
  const say = (texts: Texts) => texts[language];
  const contactHref = say({ en: "/site/en/contact", es: "/site/es/contacto" });
  const clinicEmail = say({ en: "hello@example.com", es: "hola@example.com" });
  const bookingLabel = say({ en: "Book an appointment online", es: "Reserve cita en línea" });
  const faq = (question: Texts, answer: Texts) => ({ question: say(question), answer: say(answer) });
  return [
    {
      key: "home",
      title: say({ en: "Balance and cognitive therapy in Madrid", es: "Terapia del equilibrio y cognitiva en Madrid" }),
      slug: say({ en: "home", es: "inicio" }),
      seoTitle: say({ en: "Vestibular and cognitive therapy clinic in Madrid", es: "Clínica de terapia vestibular y cognitiva en Madrid" }),
      seoDescription: say({
        en: "Dizziness, balance and memory treated by specialist physiotherapists and neuropsychologists, with exercises to keep up at home.",
        es: "Mareo, equilibrio y memoria tratados por fisioterapeutas y neuropsicólogos especialistas, con ejercicios para seguir en casa.",
      }),
      blocks: [
        {
          kind: "text",
          html: say({
            en: "<p>We help people who live with <strong>dizziness, vertigo, unsteadiness or memory problems</strong> get back to their daily life. Every programme starts with a full assessment and continues with exercises you can also do at home, on your phone or computer.</p>",
            es: "<p>Ayudamos a las personas que viven con <strong>mareo, vértigo, inestabilidad o problemas de memoria</strong> a recuperar su día a día. Cada programa empieza con una valoración completa y sigue con ejercicios que también puede hacer en casa, desde el móvil o el ordenador.</p>",
          }),
        },
        { kind: "cta", label: say({ en: "Ask for an assessment", es: "Pida una valoración" }), href: contactHref, style: "primary" },
        { kind: "booking", label: bookingLabel, serviceId: null },
        {
          kind: "columns",
          left: say({
            en: "<h2>Vestibular therapy</h2><p>Exercises for the inner ear and the brain to work together again after vertigo, a neuritis or a concussion.</p>",
            es: "<h2>Terapia vestibular</h2><p>Ejercicios para que el oído interno y el cerebro vuelvan a trabajar juntos tras un vértigo, una neuritis o una conmoción.</p>",
          }),
          right: say({
            en: "<h2>Cognitive therapy</h2><p>Attention, memory and planning trained with games adapted to you after a stroke, a brain injury or with age.</p>",
            es: "<h2>Terapia cognitiva</h2><p>Atención, memoria y planificación entrenadas con juegos adaptados a usted tras un ictus, un daño cerebral o con la edad.</p>",
          }),
        },
        { kind: "events", title: say({ en: "Workshops and talks", es: "Talleres y charlas" }), count: 3 },
      ],
    },
    {
      key: "services",
      title: say({ en: "Our services", es: "Nuestros servicios" }),
      slug: say({ en: "services", es: "servicios" }),
      seoTitle: "",
      seoDescription: say({
        en: "Vestibular rehabilitation, balance training, cognitive stimulation and home programmes: what we treat and how.",
        es: "Rehabilitación vestibular, entrenamiento del equilibrio, estimulación cognitiva y programas en casa: qué tratamos y cómo.",
      }),
      blocks: [
        {
          kind: "text",
          html: say({
            en: "<h2>What we treat</h2><ul><li>Benign paroxysmal positional vertigo (BPPV)</li><li>Vestibular neuritis and labyrinthitis</li><li>Persistent postural-perceptual dizziness</li><li>Falls and fear of falling</li><li>Memory and attention after a stroke or a brain injury</li></ul>",
            es: "<h2>Qué tratamos</h2><ul><li>Vértigo posicional paroxístico benigno (VPPB)</li><li>Neuritis vestibular y laberintitis</li><li>Mareo postural perceptual persistente</li><li>Caídas y miedo a caer</li><li>Memoria y atención tras un ictus o un daño cerebral</li></ul>",
          }),
        },
        {
          kind: "faq",
          items: [
            faq(
              { en: "Do I need a doctor's referral?", es: "¿Necesito un volante del médico?" },
              {
                en: "<p>No. Bring any reports you have; we read them with you at the first visit.</p>",
                es: "<p>No. Traiga los informes que tenga; los revisamos con usted en la primera visita.</p>",
              },
            ),
            faq(
              { en: "How long is a session?", es: "¿Cuánto dura una sesión?" },
              { en: "<p>About 45 minutes. The first assessment takes an hour.</p>", es: "<p>Unos 45 minutos. La primera valoración dura una hora.</p>" },
            ),
            faq(
              { en: "How many sessions will I need?", es: "¿Cuántas sesiones necesitaré?" },
              {
                en: "<p>Most people need between four and eight, one a week, with exercises at home in between.</p>",
                es: "<p>La mayoría de las personas necesita entre cuatro y ocho, una por semana, con ejercicios en casa entre medias.</p>",
              },
            ),
            faq(
              { en: "Can I do the exercises at home?", es: "¿Puedo hacer los ejercicios en casa?" },
              {
                en: "<p>Yes. Your therapist assigns them in the app and sees how you are doing.</p>",
                es: "<p>Sí. Su terapeuta se los asigna en la aplicación y ve cómo va.</p>",
              },
            ),
          ],
        },
        { kind: "cta", label: say({ en: "Ask us about your case", es: "Consúltenos su caso" }), href: contactHref, style: "secondary" },
      ],
    },
    {
      key: "about",
      title: say({ en: "About the clinic", es: "Sobre la clínica" }),
      slug: say({ en: "about", es: "sobre-nosotros" }),
      seoTitle: "",
      seoDescription: say({
        en: "A team of physiotherapists and neuropsychologists specialised in balance and cognition, in the centre of Madrid since 2012.",
        es: "Un equipo de fisioterapeutas y neuropsicólogos especializado en equilibrio y cognición, en el centro de Madrid desde 2012.",
      }),
      blocks: [
        {
          kind: "text",
          html: say({
            en: "<p>We opened in 2012 with one idea: dizziness and memory problems deserve the same careful rehabilitation as a knee or a shoulder.</p>",
            es: "<p>Abrimos en 2012 con una idea: el mareo y los problemas de memoria merecen una rehabilitación tan cuidadosa como la de una rodilla o un hombro.</p>",
          }),
        },
        {
          kind: "columns",
          left: say({
            en: "<h2>Our team</h2><p>Four physiotherapists trained in vestibular rehabilitation and two neuropsychologists, who plan each programme together.</p>",
            es: "<h2>Nuestro equipo</h2><p>Cuatro fisioterapeutas formados en rehabilitación vestibular y dos neuropsicólogas, que planifican juntos cada programa.</p>",
          }),
          right: say({
            en: "<h2>Our approach</h2><p>We measure before and after, explain every exercise and adapt the plan every week to how you feel.</p>",
            es: "<h2>Cómo trabajamos</h2><p>Medimos antes y después, explicamos cada ejercicio y adaptamos el plan cada semana a cómo se encuentra.</p>",
          }),
        },
      ],
    },
    {
      key: "contact",
      title: say({ en: "Contact", es: "Contacto" }),
      slug: say({ en: "contact", es: "contacto" }),
      seoTitle: "",
      seoDescription: say({
        en: "Address, opening hours, phone and email of the clinic.",
        es: "Dirección, horario, teléfono y correo electrónico de la clínica.",
      }),
      blocks: [
        {
          kind: "text",
          html: `<p><strong>Calle Mayor 1, 28013 Madrid</strong><br>${say({ en: "Monday to Friday, 9:00 to 20:00", es: "De lunes a viernes, de 9:00 a 20:00" })}</p><p>${say({ en: "Phone", es: "Teléfono" })}: +34 910 000 000<br>${say({ en: "Email", es: "Correo" })}: <a href="mailto:${clinicEmail}">${clinicEmail}</a></p>`,
        },
        { kind: "cta", label: say({ en: "Write to us", es: "Escríbanos" }), href: `mailto:${clinicEmail}`, style: "primary" },
        { kind: "booking", label: bookingLabel, serviceId: null },
      ],
    },
  ];
}

const PAGES: Record<CmsLanguage, DemoPage[]> = { en: demoPages("en"), es: demoPages("es") };

const MENU_LABELS: Record<CmsLanguage, Record<"services" | "about" | "contact" | "blog", string>> = {
  en: { services: "Services", about: "About", contact: "Contact", blog: "Our blog" },
  es: { services: "Servicios", about: "Sobre nosotros", contact: "Contacto", blog: "Nuestro blog" },
};

const DAY = 86_400_000;

/** Seeds the demo website once; false when it is there already (its editor account) or the editors' group is gone. */
export async function seedDemoCms(db: Db, options: { anchor: string }): Promise<boolean> {
  const [seeded] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CMS_ACCOUNT.email));
  if (seeded) return false;
  const groupName = DEFAULT_CUSTOM_GROUPS.find((group) => group.permissions.includes("view_pagina"))?.name.en ?? "";
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, groupName));
  if (!group) return false;
  const digest = await hashPassword(DEMO_CMS_ACCOUNT.password);
  const anchor = Date.parse(`${options.anchor}T09:00:00Z`);
  const at = (days: number) => new Date(anchor + days * DAY).toISOString();

  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const { password: _password, ...fields } = DEMO_CMS_ACCOUNT;
      const editorId = await insertUser(tx, { ...fields, groups: [group.id as GroupId] }, digest);
      const ids: Record<CmsLanguage, Record<DemoPage["key"], number>> = { en: {} as never, es: {} as never };
      for (const language of ["en", "es"] as const) {
        for (const [index, demo] of PAGES[language].entries()) {
          const made = await tx.execute<{ id: number }>(sql`
            insert into cms_pages (title, slug, language, is_home, draft, version, state, created_at, updated_at, updated_by_id)
            values (${demo.title}, ${demo.slug}, ${language}, ${demo.key === "home"}, '{}'::jsonb, 1, 'draft', ${at(-20 + index)}, ${at(-20 + index)}, ${editorId})
            returning id`);
          ids[language][demo.key] = Number(made.rows[0]?.id);
        }
      }
      // Now that both languages have ids, each page's content names its twin, and goes public as version 1.
      for (const language of ["en", "es"] as const) {
        const other: CmsLanguage = language === "en" ? "es" : "en";
        for (const [index, demo] of PAGES[language].entries()) {
          const id = ids[language][demo.key];
          const twinId = ids[other][demo.key];
          const content: CmsPageContent = {
            title: demo.title,
            slug: demo.slug,
            language,
            isHome: demo.key === "home",
            seoTitle: demo.seoTitle,
            seoDescription: demo.seoDescription,
            socialImageId: null,
            twinId,
            blocks: demo.blocks,
          };
          const json = JSON.stringify(content);
          const published = at(-18 + index);
          await tx.execute(sql`
            update cms_pages set draft = ${json}::jsonb, published = ${json}::jsonb, published_version = 1, state = 'published',
              published_at = ${published}, public_slug = ${demo.slug}, public_language = ${language}, twin_id = ${twinId}, updated_at = ${published}
            where id = ${id}`);
          await tx.execute(sql`
            insert into cms_page_versions (page_id, version, content, autosave, published_at, author_id, created_at)
            values (${id}, 1, ${json}::jsonb, false, ${published}, ${editorId}, ${at(-20 + index)})`);
        }
        const labels = MENU_LABELS[language];
        const pageItem = (key: "services" | "about" | "contact") => ({ label: labels[key], pageId: ids[language][key], url: "", children: [] });
        const header: Required<CmsMenuItemInput>[] = [pageItem("services"), pageItem("about"), pageItem("contact")];
        const footer: Required<CmsMenuItemInput>[] = [...header, { label: labels.blog, pageId: null, url: "https://blog.example.com", children: [] }];
        for (const [location, items] of [
          ["header", header],
          ["footer", footer],
        ] as const) {
          await tx.execute(sql`
            insert into cms_menus (location, language, items, updated_by_id, created_at, updated_at)
            values (${location}, ${language}, ${JSON.stringify(items)}::jsonb, ${editorId}, ${at(-17)}, ${at(-17)})`);
        }
      }
    });
  } catch (error) {
    // Another process seeded it meanwhile, or an editor made a home page first: the demo stays out.
    if ((error as { code?: string }).code === "23505") return false;
    throw error;
  }
  return true;
}
