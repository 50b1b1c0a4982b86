import { AI_DEFAULTS, AI_SOURCE_KINDS, type AiSource } from "@clinic/shared";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { DEMO_ACCOUNTS, DEMO_HISTORY_PEOPLE } from "../../demo-accounts.ts";
import { emergencyAnswer, retrievalAnswer } from "./ai-answer.ts";
import { type Passage, type Reader, retrieve } from "./ai-retrieval.ts";

/**
 * The AI chat widget's demo (issue 42): the demo clinic's settings (no model yet: retrieval-only
 * mode, ready for an admin to add one), its FAQs in English and Spanish, two platform FAQs, and
 * a lived-in history: conversations of patients and staff over the last two weeks, answered by
 * the real retrieval over the demo's content, some rated, and their usage. Seeded once, straight
 * to the tables; it shows once an admin switches `widget_chat_ai` on.
 */

const DAY = 86_400_000;

export const DEMO_AI_FAQS: readonly { language: "en" | "es"; audience: "everyone" | "staff"; question: string; answer: string }[] = [
  {
    language: "en",
    audience: "everyone",
    question: "How often should I do my balance exercises?",
    answer:
      "Do your balance exercises twice a day, about ten minutes each time, unless your therapist set another plan. Stop and sit down if you feel very dizzy.",
  },
  {
    language: "es",
    audience: "everyone",
    question: "¿Cada cuánto tengo que hacer los ejercicios de equilibrio?",
    answer:
      "Haz los ejercicios de equilibrio dos veces al día, unos diez minutos cada vez, salvo que tu terapeuta te haya dado otro plan. Si te mareas mucho, para y siéntate.",
  },
  {
    language: "en",
    audience: "everyone",
    question: "What are the clinic's opening hours?",
    answer: "The clinic is open Monday to Friday from 8:00 to 20:00, and on Saturday mornings from 9:00 to 13:00.",
  },
  {
    language: "es",
    audience: "everyone",
    question: "¿Cuál es el horario de la clínica?",
    answer: "La clínica abre de lunes a viernes de 8:00 a 20:00 y los sábados por la mañana de 9:00 a 13:00.",
  },
  {
    language: "en",
    audience: "everyone",
    question: "Can I play the therapy games on my phone?",
    answer: "Yes. The games work in the browser of a phone, a tablet or a computer. A bigger screen is easier for the eye-tracking games.",
  },
  {
    language: "es",
    audience: "everyone",
    question: "¿Puedo jugar a los juegos de terapia en el móvil?",
    answer:
      "Sí. Los juegos funcionan en el navegador del móvil, la tableta o el ordenador. Con una pantalla más grande es más fácil seguir los juegos de seguimiento visual.",
  },
  {
    language: "en",
    audience: "everyone",
    question: "How do I change or cancel an appointment?",
    answer: "Open Appointments in the menu and pick the appointment, or call the clinic at least 24 hours before.",
  },
  {
    language: "es",
    audience: "everyone",
    question: "¿Cómo cambio o cancelo una cita?",
    answer: "Abre Citas en el menú y elige la cita, o llama a la clínica al menos 24 horas antes.",
  },
  {
    language: "en",
    audience: "staff",
    question: "How do I assign a new game to a patient?",
    answer: "Open Assign, then Activity: pick the patient, the game, the days and the minutes. The patient sees it on their home screen that day.",
  },
];

const PLATFORM_FAQS = [
  { language: "en", question: "How do I reset my password?", answer: "On the sign-in page, choose Forgot password and follow the e-mail we send you." },
  {
    language: "es",
    question: "¿Cómo cambio mi contraseña?",
    answer: "En la página de inicio de sesión, elige ¿Olvidaste tu contraseña? y sigue el correo que te enviamos.",
  },
] as const;

/** Questions asked over the last two weeks: who, how many days ago, in which language, the rating. */
const HISTORY: readonly {
  who: "patient" | "patient2" | "carmen" | "javier" | "therapist";
  daysAgo: number;
  question: string;
  feedback?: "up" | "down";
  followUp?: string;
}[] = [
  { who: "patient", daysAgo: 13, question: "How often should I do my balance exercises?", feedback: "up", followUp: "Can I play the games on my phone?" },
  { who: "carmen", daysAgo: 11, question: "¿Cuál es el horario de la clínica?", feedback: "up" },
  { who: "javier", daysAgo: 9, question: "¿Puedo jugar a los juegos de terapia en el móvil?" },
  { who: "patient2", daysAgo: 7, question: "How do I cancel my appointment on Friday?", feedback: "up" },
  { who: "therapist", daysAgo: 6, question: "How do I assign a new game to a patient?", feedback: "up" },
  { who: "patient", daysAgo: 4, question: "Is my vertigo getting worse if I feel dizzy after the games?", feedback: "down" },
  { who: "carmen", daysAgo: 2, question: "Me mareo mucho con los ejercicios de equilibrio, ¿qué hago?" },
  { who: "patient2", daysAgo: 1, question: "I feel chest pain after the exercises" },
];

export async function seedDemoAi(db: Db, options: { now?: Date } = {}): Promise<boolean> {
  const now = (options.now ?? new Date()).getTime();
  const emails = {
    clinic: DEMO_ACCOUNTS.clinic.email,
    therapist: DEMO_ACCOUNTS.therapist.email,
    patient: DEMO_ACCOUNTS.patient.email,
    patient2: DEMO_ACCOUNTS.patient2.email,
    carmen: DEMO_HISTORY_PEOPLE.carmen.email,
    javier: DEMO_HISTORY_PEOPLE.javier.email,
  } as const;
  const found = await db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(inArray(users.email, Object.values(emails)));
  const person = (key: keyof typeof emails) => found.find((row) => row.email === emails[key]);
  const clinic = person("clinic")?.id;
  if (!clinic) return false;
  const seeded = await db.execute(sql`select 1 from ai_settings where clinic_id = ${clinic}`);
  if (seeded.rows.length > 0) return false;

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`insert into ai_settings (clinic_id, system_prompt, sources, per_user_per_hour, per_clinic_per_day, max_answer_tokens, timeout_seconds, emergency_phone)
      values (${clinic}, ${"Answer warmly and briefly. Patients of this clinic do vestibular and cognitive therapy at home."}, ${JSON.stringify(AI_SOURCE_KINDS)}::jsonb,
        ${AI_DEFAULTS.perUserPerHour}, ${AI_DEFAULTS.perClinicPerDay}, ${AI_DEFAULTS.maxAnswerTokens}, ${AI_DEFAULTS.timeoutSeconds}, '+34 910 000 001')`);
    const faqRows = DEMO_AI_FAQS.map((faq) => sql`(${clinic}, ${faq.language}, ${faq.audience}, ${faq.question}, ${faq.answer})`);
    const platformRows = PLATFORM_FAQS.map((faq) => sql`(null, ${faq.language}, 'everyone', ${faq.question}, ${faq.answer})`);
    await tx.execute(sql`insert into ai_faqs (clinic_id, language, audience, question, answer) values ${sql.join([...faqRows, ...platformRows], sql`, `)}`);

    for (const entry of HISTORY) {
      const asker = person(entry.who);
      if (!asker) continue;
      const language = asker.language === "es" || /[¿áéíóúñ]/.test(entry.question) ? "es" : "en";
      const reader: Reader = { userId: asker.id, clinicId: clinic, patient: entry.who !== "therapist", language };
      const at = new Date(now - entry.daysAgo * DAY - 3 * 3_600_000);
      const [made] = (
        await tx.execute<{ id: number }>(
          sql`insert into ai_conversations (user_id, clinic_id, title, created_at, updated_at) values (${asker.id}, ${clinic}, ${entry.question.slice(0, 80)}, ${at}, ${at}) returning id`,
        )
      ).rows;
      const questions = entry.followUp ? [entry.question, entry.followUp] : [entry.question];
      for (const [index, question] of questions.entries()) {
        const askedAt = new Date(at.getTime() + index * 120_000);
        const emergency = /chest pain|dolor de pecho/i.test(question);
        const passages: Passage[] = emergency ? [] : await retrieve(tx, reader, question, { kinds: AI_SOURCE_KINDS });
        const content = emergency ? emergencyAnswer(language, "+34 910 000 001") : retrievalAnswer(language, passages);
        const sources: AiSource[] = passages.map(({ kind, id, title, url, excerpt }) => ({ kind, id, title, url, excerpt }));
        const mode = emergency ? "emergency" : "retrieval";
        const feedback = index === 0 ? (entry.feedback ?? null) : null;
        await tx.execute(sql`insert into ai_messages (conversation_id, role, content, created_at) values (${made?.id}, 'user', ${question}, ${askedAt})`);
        await tx.execute(sql`insert into ai_messages (conversation_id, role, content, mode, sources, feedback, created_at)
          values (${made?.id}, 'assistant', ${content}, ${mode}, ${JSON.stringify(sources)}::jsonb, ${feedback}, ${new Date(askedAt.getTime() + 2000)})`);
        await tx.execute(sql`insert into ai_usage (user_id, clinic_id, mode, created_at) values (${asker.id}, ${clinic}, ${mode}, ${askedAt})`);
      }
    }
  });
  return true;
}
