import { plainToRichText } from "@clinic/shared";
import type { Db } from "../../db/client.ts";
import { activities, activityCategories, activityRecommendations } from "./activities/activities.table.ts";
import { categories } from "./categories/categories.table.ts";
import { files } from "./files/files.table.ts";
import { recommendations } from "./recommendations/recommendations.table.ts";

/** Descriptions are written here as plain text and stored as the editor's rich text (HTML). */
type DemoCategory = { name: string; description: string; recommendations: { name: string; description: string }[] };

/** The platform's own catalogue (seen by every clinic), in English. */
const PLATFORM: DemoCategory[] = [
  {
    name: "Vestibular rehabilitation",
    description: "Habituation, gaze stabilisation and balance work for dizziness and vertigo of vestibular origin.",
    recommendations: [
      {
        name: "Gaze stabilisation (VOR x1)",
        description:
          "Keep your eyes on a letter at arm's length while turning your head side to side for 1 minute, 3 times a day. Stop if the dizziness lasts more than 15 minutes.",
      },
      {
        name: "Brandt-Daroff habituation",
        description:
          "Sit on the edge of the bed, lie quickly on one side for 30 seconds, sit up for 30 seconds, then the other side. Five rounds, twice a day.",
      },
      {
        name: "Walking with head turns",
        description: "Walk along a hallway turning your head left and right every three steps. Have a wall or a person near you.",
      },
    ],
  },
  {
    name: "Balance and falls prevention",
    description: "Static and dynamic balance training to reduce the risk of falls at home.",
    recommendations: [
      {
        name: "Tandem stance",
        description: "Stand heel to toe next to a kitchen counter for 30 seconds, 3 times. Progress by closing your eyes only when it feels safe.",
      },
      { name: "Safe home checklist", description: "Remove loose rugs, light the way to the bathroom at night and keep often-used things at waist height." },
    ],
  },
  {
    name: "Cognitive training",
    description: "Attention, memory and processing-speed exercises for cognitive rehabilitation.",
    recommendations: [
      {
        name: "Daily attention routine",
        description: "Play your assigned attention game for 15 minutes at the same time each day, in a quiet room without the TV on.",
      },
      { name: "Memory notebook", description: "Write three things you did today and one thing planned for tomorrow every evening; review it each morning." },
    ],
  },
  {
    name: "Sleep and daily habits",
    description: "Habits that help recovery: sleep, hydration, screens and pacing of activity.",
    recommendations: [
      {
        name: "Regular sleep schedule",
        description: "Go to bed and get up at the same time every day, also at weekends. Avoid screens during the last hour before sleep.",
      },
    ],
  },
];

/** The demo clinic's own entries, in Spanish as that clinic writes them. */
const CLINIC: DemoCategory[] = [
  {
    name: "Rehabilitación vestibular en casa",
    description: "Ejercicios que la clínica pauta para hacer en casa entre sesiones.",
    recommendations: [
      {
        name: "Estabilización de la mirada",
        description: "Fija la vista en una letra a la altura de los ojos y mueve la cabeza de lado a lado durante un minuto, tres veces al día.",
      },
      {
        name: "Caminar en línea recta",
        description: "Camina junto a una pared poniendo un pie delante del otro durante dos minutos. Apóyate si lo necesitas.",
      },
    ],
  },
];

async function insert(
  db: Db,
  owned: DemoCategory[],
  clinicId: string | null,
  createdBy: string,
): Promise<Map<string, { categoryId: number; recommendationIds: number[] }>> {
  const byName = new Map<string, { categoryId: number; recommendationIds: number[] }>();
  for (const category of owned) {
    const [row] = await db
      .insert(categories)
      .values({ name: category.name, description: plainToRichText(category.description), clinicId, createdBy })
      .returning({ id: categories.id });
    const categoryId = row?.id as number;
    const recos = await db
      .insert(recommendations)
      .values(category.recommendations.map((item) => ({ name: item.name, description: plainToRichText(item.description), categoryId, clinicId, createdBy })))
      .returning({ id: recommendations.id });
    byName.set(category.name, { categoryId, recommendationIds: recos.map((reco) => reco.id) });
  }
  return byName;
}

type DemoActivity = {
  name: string;
  description: string;
  type: "game" | "text" | "video";
  category: string;
  gameBuildId?: string;
  /** A text activity's body, as the editor writes it (HTML). */
  body?: string;
  videoLink?: string;
};

/** Platform activities: readings, a video by link, and two games of the catalogue (`@clinic/games`). */
const PLATFORM_ACTIVITIES: DemoActivity[] = [
  {
    name: "Gaze stabilisation, demonstrated",
    description: "A physiotherapist shows the VOR x1 exercise step by step.",
    type: "video",
    category: "Vestibular rehabilitation",
    videoLink: "https://www.youtube.com/watch?v=Ua6hEm3TRRs",
  },
  {
    name: "Ejercicios de equilibrio en casa",
    description: "Lectura breve con cinco ejercicios seguros para practicar en casa.",
    type: "text",
    category: "Balance and falls prevention",
    body: [
      "<h2>Cinco ejercicios de equilibrio</h2>",
      "<p>Hazlos <strong>junto a una encimera o una pared</strong>, con calzado cómodo y sin prisas.</p>",
      "<ol>",
      "<li><p>De pie junto a la encimera, pies juntos: <strong>30 segundos</strong>.</p></li>",
      "<li><p>Un pie delante del otro: 30 segundos por lado.</p></li>",
      "<li><p>Levantarse de la silla sin usar las manos, 10 veces.</p></li>",
      "<li><p>Caminar en línea recta junto a la pared, 2 minutos.</p></li>",
      "<li><p>Girar la cabeza mientras caminas despacio, 1 minuto.</p></li>",
      "</ol>",
      "<h3>Cuándo parar</h3>",
      "<p><strong>Para si notas mareo intenso</strong> y avisa a tu terapeuta.</p>",
    ].join(""),
  },
  {
    name: "Understanding dizziness",
    description: "A short reading on why the brain gets dizzy and how exercises help it adapt.",
    type: "text",
    category: "Vestibular rehabilitation",
    body: [
      "<h2>Why the brain gets dizzy</h2>",
      "<p>Dizziness happens when the balance signals from your <strong>inner ears, eyes and body</strong> do not agree.</p>",
      "<h3>How the exercises help</h3>",
      "<ul>",
      "<li><p>They repeat the movements that make you dizzy in a safe, gradual way.</p></li>",
      "<li><p>Over days and weeks your brain learns to trust the signals again: this is called <em>compensation</em>.</p></li>",
      "</ul>",
      "<p>It is normal to feel a little worse during an exercise. <strong>The feeling should settle within 15 minutes.</strong> Tell your therapist if it does not.</p>",
    ].join(""),
  },
  {
    name: "Reaction lights",
    description: "Answer on the side where the light appears, as fast as you can; trains reaction time and choice.",
    type: "game",
    category: "Cognitive training",
    gameBuildId: "reactor-choice-2",
  },
  {
    name: "Stop or go",
    description: "Press for the yellow circle and hold back for the blue square; trains attention and response control.",
    type: "game",
    category: "Cognitive training",
    gameBuildId: "reactor-go-nogo",
  },
];

async function insertActivities(db: Db, list: DemoActivity[], links: Map<string, { categoryId: number; recommendationIds: number[] }>, createdBy: string) {
  for (const item of list) {
    const [file] = item.videoLink
      ? await db.insert(files).values({ name: item.name, type: "Video", link: item.videoLink, clinicId: null, createdBy }).returning({ id: files.id })
      : [];
    const [row] = await db
      .insert(activities)
      .values({
        name: item.name,
        description: plainToRichText(item.description),
        type: item.type,
        fileId: file?.id ?? null,
        gameBuildId: item.gameBuildId ?? null,
        body: item.body ?? null,
        clinicId: null,
        createdBy,
      })
      .returning({ id: activities.id });
    const link = links.get(item.category);
    if (!row || !link) continue;
    await db.insert(activityCategories).values({ activityId: row.id, categoryId: link.categoryId });
    const first = link.recommendationIds[0];
    if (first) await db.insert(activityRecommendations).values({ activityId: row.id, recommendationId: first });
  }
}

/** A realistic catalogue for the demo clinic: the platform's entries and the clinic's own. */
export async function seedDemoCatalogue(db: Db, adminId: string, clinicId: string): Promise<void> {
  const platform = await insert(db, PLATFORM, null, adminId);
  await insert(db, CLINIC, clinicId, clinicId);
  await insertActivities(db, PLATFORM_ACTIVITIES, platform, adminId);
}
