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

const PAGES: Record<CmsLanguage, DemoPage[]> = {
  en: [
    {
      key: "home",
      title: "Balance and cognitive therapy in Madrid",
      slug: "home",
      seoTitle: "Vestibular and cognitive therapy clinic in Madrid",
      seoDescription: "Dizziness, balance and memory treated by specialist physiotherapists and neuropsychologists, with exercises to keep up at home.",
      blocks: [
        {
          kind: "text",
          html: "<p>We help people who live with <strong>dizziness, vertigo, unsteadiness or memory problems</strong> get back to their daily life. Every programme starts with a full assessment and continues with exercises you can also do at home, on your phone or computer.</p>",
        },
        { kind: "cta", label: "Ask for an assessment", href: "/site/en/contact", style: "primary" },
        { kind: "booking", label: "Book an appointment online", serviceId: null },
        {
          kind: "columns",
          left: "<h2>Vestibular therapy</h2><p>Exercises for the inner ear and the brain to work together again after vertigo, a neuritis or a concussion.</p>",
          right:
            "<h2>Cognitive therapy</h2><p>Attention, memory and planning trained with games adapted to you after a stroke, a brain injury or with age.</p>",
        },
        { kind: "events", title: "Workshops and talks", count: 3 },
      ],
    },
    {
      key: "services",
      title: "Our services",
      slug: "services",
      seoTitle: "",
      seoDescription: "Vestibular rehabilitation, balance training, cognitive stimulation and home programmes: what we treat and how.",
      blocks: [
        {
          kind: "text",
          html: "<h2>What we treat</h2><ul><li>Benign paroxysmal positional vertigo (BPPV)</li><li>Vestibular neuritis and labyrinthitis</li><li>Persistent postural-perceptual dizziness</li><li>Falls and fear of falling</li><li>Memory and attention after a stroke or a brain injury</li></ul>",
        },
        {
          kind: "faq",
          items: [
            { question: "Do I need a doctor's referral?", answer: "<p>No. Bring any reports you have; we read them with you at the first visit.</p>" },
            { question: "How long is a session?", answer: "<p>About 45 minutes. The first assessment takes an hour.</p>" },
            {
              question: "How many sessions will I need?",
              answer: "<p>Most people need between four and eight, one a week, with exercises at home in between.</p>",
            },
            { question: "Can I do the exercises at home?", answer: "<p>Yes. Your therapist assigns them in the app and sees how you are doing.</p>" },
          ],
        },
        { kind: "cta", label: "Ask us about your case", href: "/site/en/contact", style: "secondary" },
      ],
    },
    {
      key: "about",
      title: "About the clinic",
      slug: "about",
      seoTitle: "",
      seoDescription: "A team of physiotherapists and neuropsychologists specialised in balance and cognition, in the centre of Madrid since 2012.",
      blocks: [
        {
          kind: "text",
          html: "<p>We opened in 2012 with one idea: dizziness and memory problems deserve the same careful rehabilitation as a knee or a shoulder.</p>",
        },
        {
          kind: "columns",
          left: "<h2>Our team</h2><p>Four physiotherapists trained in vestibular rehabilitation and two neuropsychologists, who plan each programme together.</p>",
          right: "<h2>Our approach</h2><p>We measure before and after, explain every exercise and adapt the plan every week to how you feel.</p>",
        },
      ],
    },
    {
      key: "contact",
      title: "Contact",
      slug: "contact",
      seoTitle: "",
      seoDescription: "Address, opening hours, phone and email of the clinic.",
      blocks: [
        {
          kind: "text",
          html: '<p><strong>Calle Mayor 1, 28013 Madrid</strong><br>Monday to Friday, 9:00 to 20:00</p><p>Phone: +34 910 000 000<br>Email: <a href="mailto:hello@example.com">hello@example.com</a></p>',
        },
        { kind: "cta", label: "Write to us", href: "mailto:hello@example.com", style: "primary" },
        { kind: "booking", label: "Book an appointment online", serviceId: null },
      ],
    },
  ],
  es: [
    {
      key: "home",
      title: "Terapia del equilibrio y cognitiva en Madrid",
      slug: "inicio",
      seoTitle: "Clínica de terapia vestibular y cognitiva en Madrid",
      seoDescription: "Mareo, equilibrio y memoria tratados por fisioterapeutas y neuropsicólogos especialistas, con ejercicios para seguir en casa.",
      blocks: [
        {
          kind: "text",
          html: "<p>Ayudamos a las personas que viven con <strong>mareo, vértigo, inestabilidad o problemas de memoria</strong> a recuperar su día a día. Cada programa empieza con una valoración completa y sigue con ejercicios que también puede hacer en casa, desde el móvil o el ordenador.</p>",
        },
        { kind: "cta", label: "Pida una valoración", href: "/site/es/contacto", style: "primary" },
        { kind: "booking", label: "Reserve cita en línea", serviceId: null },
        {
          kind: "columns",
          left: "<h2>Terapia vestibular</h2><p>Ejercicios para que el oído interno y el cerebro vuelvan a trabajar juntos tras un vértigo, una neuritis o una conmoción.</p>",
          right:
            "<h2>Terapia cognitiva</h2><p>Atención, memoria y planificación entrenadas con juegos adaptados a usted tras un ictus, un daño cerebral o con la edad.</p>",
        },
        { kind: "events", title: "Talleres y charlas", count: 3 },
      ],
    },
    {
      key: "services",
      title: "Nuestros servicios",
      slug: "servicios",
      seoTitle: "",
      seoDescription: "Rehabilitación vestibular, entrenamiento del equilibrio, estimulación cognitiva y programas en casa: qué tratamos y cómo.",
      blocks: [
        {
          kind: "text",
          html: "<h2>Qué tratamos</h2><ul><li>Vértigo posicional paroxístico benigno (VPPB)</li><li>Neuritis vestibular y laberintitis</li><li>Mareo postural perceptual persistente</li><li>Caídas y miedo a caer</li><li>Memoria y atención tras un ictus o un daño cerebral</li></ul>",
        },
        {
          kind: "faq",
          items: [
            { question: "¿Necesito un volante del médico?", answer: "<p>No. Traiga los informes que tenga; los revisamos con usted en la primera visita.</p>" },
            { question: "¿Cuánto dura una sesión?", answer: "<p>Unos 45 minutos. La primera valoración dura una hora.</p>" },
            {
              question: "¿Cuántas sesiones necesitaré?",
              answer: "<p>La mayoría de las personas necesita entre cuatro y ocho, una por semana, con ejercicios en casa entre medias.</p>",
            },
            { question: "¿Puedo hacer los ejercicios en casa?", answer: "<p>Sí. Su terapeuta se los asigna en la aplicación y ve cómo va.</p>" },
          ],
        },
        { kind: "cta", label: "Consúltenos su caso", href: "/site/es/contacto", style: "secondary" },
      ],
    },
    {
      key: "about",
      title: "Sobre la clínica",
      slug: "sobre-nosotros",
      seoTitle: "",
      seoDescription: "Un equipo de fisioterapeutas y neuropsicólogos especializado en equilibrio y cognición, en el centro de Madrid desde 2012.",
      blocks: [
        {
          kind: "text",
          html: "<p>Abrimos en 2012 con una idea: el mareo y los problemas de memoria merecen una rehabilitación tan cuidadosa como la de una rodilla o un hombro.</p>",
        },
        {
          kind: "columns",
          left: "<h2>Nuestro equipo</h2><p>Cuatro fisioterapeutas formados en rehabilitación vestibular y dos neuropsicólogas, que planifican juntos cada programa.</p>",
          right: "<h2>Cómo trabajamos</h2><p>Medimos antes y después, explicamos cada ejercicio y adaptamos el plan cada semana a cómo se encuentra.</p>",
        },
      ],
    },
    {
      key: "contact",
      title: "Contacto",
      slug: "contacto",
      seoTitle: "",
      seoDescription: "Dirección, horario, teléfono y correo electrónico de la clínica.",
      blocks: [
        {
          kind: "text",
          html: '<p><strong>Calle Mayor 1, 28013 Madrid</strong><br>De lunes a viernes, de 9:00 a 20:00</p><p>Teléfono: +34 910 000 000<br>Correo: <a href="mailto:hola@example.com">hola@example.com</a></p>',
        },
        { kind: "cta", label: "Escríbanos", href: "mailto:hola@example.com", style: "primary" },
        { kind: "booking", label: "Reserve cita en línea", serviceId: null },
      ],
    },
  ],
};

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
