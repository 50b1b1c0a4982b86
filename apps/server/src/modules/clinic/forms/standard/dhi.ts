import type { FormInput } from "@clinic/shared";

/**
 * The Dizziness Handicap Inventory (Jacobson & Newman 1990): 25 yes / sometimes / no questions
 * scored 4 / 2 / 0, summed to 0–100, with physical (P), emotional (E) and functional (F)
 * subscales. Each item carries the letter the published form prints beside it, and the
 * subscales are built from those letters, so an item cannot sit in the wrong group.
 */

type Subscale = "P" | "E" | "F";

/** The published items in order, each with its subscale letter. */
const ITEMS_EN: readonly [Subscale, string][] = [
  ["P", "Does looking up increase your problem?"],
  ["E", "Because of your problem, do you feel frustrated?"],
  ["F", "Because of your problem, do you restrict your travel for business or recreation?"],
  ["P", "Does walking down the aisle of a supermarket increase your problem?"],
  ["F", "Because of your problem, do you have difficulty getting into or out of bed?"],
  [
    "F",
    "Does your problem significantly restrict your participation in social activities, such as going out to dinner, going to movies, dancing or to parties?",
  ],
  ["F", "Because of your problem, do you have difficulty reading?"],
  ["P", "Does performing more ambitious activities like sports, dancing, and household chores such as sweeping or putting dishes away increase your problem?"],
  ["E", "Because of your problem, are you afraid to leave your home without having someone accompany you?"],
  ["E", "Because of your problem, have you been embarrassed in front of others?"],
  ["P", "Do quick movements of your head increase your problem?"],
  ["F", "Because of your problem, do you avoid heights?"],
  ["P", "Does turning over in bed increase your problem?"],
  ["F", "Because of your problem, is it difficult for you to do strenuous housework or yard work?"],
  ["E", "Because of your problem, are you afraid people may think you are intoxicated?"],
  ["F", "Because of your problem, is it difficult for you to go for a walk by yourself?"],
  ["P", "Does walking down a sidewalk increase your problem?"],
  ["E", "Because of your problem, is it difficult for you to concentrate?"],
  ["F", "Because of your problem, is it difficult for you to walk around your house in the dark?"],
  ["E", "Because of your problem, are you afraid to stay home alone?"],
  ["E", "Because of your problem, do you feel handicapped?"],
  ["E", "Has your problem placed stress on your relationships with members of your family or friends?"],
  ["E", "Because of your problem, are you depressed?"],
  ["F", "Does your problem interfere with your job or household responsibilities?"],
  ["P", "Does bending over increase your problem?"],
];

/** The Spanish adaptation of Pérez et al. (2000), item for item with the English one. */
const ITEMS_ES: readonly string[] = [
  "¿Se incrementa su problema al mirar hacia arriba?",
  "Debido a su problema, ¿se siente usted frustrado/a?",
  "Debido a su problema, ¿restringe usted sus viajes de trabajo o de ocio?",
  "¿Se incrementa su problema al caminar por el pasillo de un supermercado?",
  "Debido a su problema, ¿tiene usted dificultad para acostarse o levantarse de la cama?",
  "¿Su problema restringe significativamente su participación en actividades sociales tales como salir a cenar, ir al cine, bailar o ir a fiestas?",
  "Debido a su problema, ¿tiene usted dificultad para leer?",
  "¿Se incrementa su problema al realizar actividades más complejas como deportes, bailar o tareas domésticas tales como barrer o guardar la vajilla?",
  "Debido a su problema, ¿tiene usted miedo de salir de casa sin que alguien le acompañe?",
  "Debido a su problema, ¿se ha sentido usted avergonzado/a delante de otras personas?",
  "¿Se incrementa su problema con los movimientos rápidos de la cabeza?",
  "Debido a su problema, ¿evita usted las alturas?",
  "¿Se incrementa su problema al darse la vuelta en la cama?",
  "Debido a su problema, ¿le resulta difícil realizar trabajos pesados en la casa o en el jardín?",
  "Debido a su problema, ¿teme usted que la gente piense que está ebrio/a?",
  "Debido a su problema, ¿le resulta difícil salir a pasear solo/a?",
  "¿Se incrementa su problema al caminar por la acera?",
  "Debido a su problema, ¿le resulta difícil concentrarse?",
  "Debido a su problema, ¿le resulta difícil caminar por su casa a oscuras?",
  "Debido a su problema, ¿tiene usted miedo de quedarse solo/a en casa?",
  "Debido a su problema, ¿se siente usted discapacitado/a?",
  "¿Su problema le ha causado dificultades en sus relaciones con miembros de su familia o amigos?",
  "Debido a su problema, ¿está usted deprimido/a?",
  "¿Interfiere su problema en su trabajo o en sus responsabilidades domésticas?",
  "¿Se incrementa su problema al agacharse?",
];

interface DhiLanguage {
  name: string;
  description: string;
  language: FormInput["language"];
  instructionsLabel: string;
  instructions: string;
  items: readonly string[];
  answers: { yes: string; sometimes: string; no: string };
  subscales: Record<Subscale, { key: string; name: string }>;
  bands: [string, string, string];
}

function dhiForm(text: DhiLanguage): FormInput {
  const questions = ITEMS_EN.map(([subscale], index) => ({ key: `q${index + 1}`, subscale, label: text.items[index] ?? "" }));
  return {
    name: text.name,
    description: text.description,
    language: text.language,
    fields: [
      { type: "section", key: "instructions", label: text.instructionsLabel, help: text.instructions },
      ...questions.map(({ key, label }) => ({
        type: "singleChoice" as const,
        key,
        label,
        required: true,
        options: [
          { value: "yes", label: text.answers.yes, score: 4 },
          { value: "sometimes", label: text.answers.sometimes, score: 2 },
          { value: "no", label: text.answers.no, score: 0 },
        ],
      })),
    ],
    scoring: {
      total: "sum",
      subscales: (["P", "E", "F"] as const).map((letter) => ({
        ...text.subscales[letter],
        fields: questions.filter((question) => question.subscale === letter).map((question) => question.key),
      })),
      // Jacobson & Calder (1998): 0–30 mild, 31–60 moderate, 61–100 severe.
      bands: [
        { from: 0, label: text.bands[0] },
        { from: 31, label: text.bands[1] },
        { from: 61, label: text.bands[2] },
      ],
    },
  };
}

export const DHI_EN: FormInput = dhiForm({
  name: "Dizziness Handicap Inventory (DHI)",
  description:
    "Source: Jacobson GP, Newman CW. The development of the Dizziness Handicap Inventory. Arch Otolaryngol Head Neck Surg. 1990;116(4):424-427. " +
    "25 questions on the difficulties dizziness or unsteadiness causes in daily life. " +
    "Scoring: Yes = 4, Sometimes = 2, No = 0; the total is the sum of the 25 answers (0–100), higher meaning a greater handicap, " +
    "with three subscales: physical (7 items, 0–28), emotional (9 items, 0–36) and functional (9 items, 0–36). " +
    "Grading (Jacobson GP, Calder JH. A screening version of the Dizziness Handicap Inventory (DHI-S). Am J Otol. 1998;19(6):804-808): " +
    "0–30 mild, 31–60 moderate, 61–100 severe handicap. A validated questionnaire: copy it to adapt it.",
  language: "en",
  instructionsLabel: "Instructions",
  instructions:
    "The purpose of this scale is to identify difficulties that you may be experiencing because of your dizziness or unsteadiness. " +
    'Please answer "Yes", "Sometimes" or "No" to each question. Answer each question as it pertains to your dizziness or unsteadiness problem only.',
  items: ITEMS_EN.map(([, label]) => label),
  answers: { yes: "Yes", sometimes: "Sometimes", no: "No" },
  subscales: {
    P: { key: "physical", name: "Physical" },
    E: { key: "emotional", name: "Emotional" },
    F: { key: "functional", name: "Functional" },
  },
  bands: ["Mild handicap", "Moderate handicap", "Severe handicap"],
});

export const DHI_ES: FormInput = dhiForm({
  name: "Inventario de Discapacidad por Vértigo (DHI)",
  description:
    "Fuente: Pérez N, Garmendia I, Martín E, García-Tapia R. Adaptación cultural de dos cuestionarios de medida de la salud en pacientes con vértigo. " +
    "Acta Otorrinolaringol Esp. 2000;51(7):572-580; versión original: Jacobson GP, Newman CW. The development of the Dizziness Handicap Inventory. " +
    "Arch Otolaryngol Head Neck Surg. 1990;116(4):424-427. " +
    "25 preguntas sobre las dificultades que el vértigo o la inestabilidad causan en la vida diaria. " +
    "Puntuación: Sí = 4, A veces = 2, No = 0; el total es la suma de las 25 respuestas (0–100), más alto cuanto mayor es la discapacidad, " +
    "con tres subescalas: física (7 ítems, 0–28), emocional (9 ítems, 0–36) y funcional (9 ítems, 0–36). " +
    "Gradación (Jacobson GP, Calder JH. Am J Otol. 1998;19(6):804-808): 0–30 leve, 31–60 moderada, 61–100 severa. " +
    "Cuestionario validado: cópielo para adaptarlo.",
  language: "es",
  instructionsLabel: "Instrucciones",
  instructions:
    "El objetivo de esta escala es identificar las dificultades que puede estar experimentando a causa de su vértigo o inestabilidad. " +
    "Conteste «Sí», «A veces» o «No» a cada pregunta, pensando únicamente en su problema de vértigo o inestabilidad.",
  items: ITEMS_ES,
  answers: { yes: "Sí", sometimes: "A veces", no: "No" },
  subscales: {
    P: { key: "physical", name: "Física" },
    E: { key: "emotional", name: "Emocional" },
    F: { key: "functional", name: "Funcional" },
  },
  bands: ["Discapacidad leve", "Discapacidad moderada", "Discapacidad severa"],
});
