import type { FormInput } from "@clinic/shared";

/**
 * The Activities-specific Balance Confidence scale (Powell & Myers 1995): 16 activities, each
 * rated 0–100 % in steps of 10; the score is the mean of the ratings.
 */

const ITEMS_EN: readonly string[] = [
  "…walk around the house?",
  "…walk up or down stairs?",
  "…bend over and pick up a slipper from the front of a closet floor?",
  "…reach for a small can off a shelf at eye level?",
  "…stand on your tiptoes and reach for something above your head?",
  "…stand on a chair and reach for something?",
  "…sweep the floor?",
  "…walk outside the house to a car parked in the driveway?",
  "…get into or out of a car?",
  "…walk across a parking lot to the mall?",
  "…walk up or down a ramp?",
  "…walk in a crowded mall where people rapidly walk past you?",
  "…are bumped into by people as you walk through the mall?",
  "…step onto or off an escalator while you are holding onto a railing?",
  "…step onto or off an escalator while holding onto parcels such that you cannot hold onto the railing?",
  "…walk outside on icy sidewalks?",
];

/** The Spanish version validated by Montilla-Ibáñez et al. (2017), item for item with the English one. */
const ITEMS_ES: readonly string[] = [
  "…camina por la casa?",
  "…sube o baja escaleras?",
  "…se agacha y recoge una zapatilla del suelo, delante de un armario?",
  "…alcanza una lata pequeña de una estantería a la altura de los ojos?",
  "…se pone de puntillas e intenta alcanzar algo por encima de su cabeza?",
  "…se sube a una silla para alcanzar algo?",
  "…barre el suelo?",
  "…sale de casa y camina hasta un coche aparcado en la entrada?",
  "…entra o sale de un coche?",
  "…cruza un aparcamiento para ir a un centro comercial?",
  "…sube o baja una rampa?",
  "…camina por un centro comercial lleno de gente donde las personas pasan rápidamente a su lado?",
  "…la gente choca con usted mientras camina por el centro comercial?",
  "…sube o baja de una escalera mecánica sujetándose a la barandilla?",
  "…sube o baja de una escalera mecánica llevando paquetes, de forma que no puede sujetarse a la barandilla?",
  "…camina por la calle sobre aceras heladas?",
];

/** The published form shows every point as a percentage. */
const POINT_LABELS = Array.from({ length: 11 }, (_, index) => `${index * 10}%`);

interface AbcLanguage {
  name: string;
  description: string;
  language: FormInput["language"];
  stem: string;
  instructions: string;
  items: readonly string[];
  minLabel: string;
  maxLabel: string;
  bands: [string, string, string];
}

function abcForm(text: AbcLanguage): FormInput {
  return {
    name: text.name,
    description: text.description,
    language: text.language,
    fields: [
      // The published form asks one question whose end each item completes: the stem heads the items.
      { type: "section", key: "instructions", label: text.stem, help: text.instructions },
      ...text.items.map((label, index) => ({
        type: "scale" as const,
        key: `q${index + 1}`,
        label,
        required: true,
        min: 0,
        max: 100,
        step: 10,
        minLabel: text.minLabel,
        maxLabel: text.maxLabel,
        pointLabels: POINT_LABELS,
        scored: true,
      })),
    ],
    scoring: {
      total: "mean",
      subscales: [],
      // Myers et al. (1998): below 50 low, 50 to 80 moderate, above 80 high; a score of exactly 80 reads as high here.
      bands: [
        { from: 0, label: text.bands[0] },
        { from: 50, label: text.bands[1] },
        { from: 80, label: text.bands[2] },
      ],
    },
  };
}

export const ABC_EN: FormInput = abcForm({
  name: "Activities-specific Balance Confidence (ABC) scale",
  description:
    "Source: Powell LE, Myers AM. The Activities-specific Balance Confidence (ABC) Scale. J Gerontol A Biol Sci Med Sci. 1995;50A(1):M28-M34. " +
    "16 everyday activities, each rated from 0% (no confidence) to 100% (completely confident) in steps of 10. " +
    "Scoring: the total is the mean of the 16 ratings (0–100 %), higher meaning more confidence in one's balance. " +
    "Bands (Myers AM, Fletcher PC, Myers AH, Sherk W. Discriminative and evaluative properties of the Activities-specific Balance Confidence (ABC) Scale. " +
    "J Gerontol A Biol Sci Med Sci. 1998;53A(4):M287-M294): below 50 low, 50 to 80 moderate, above 80 high level of physical functioning; " +
    "here the bands start at 0, 50 and 80, so a score of exactly 80 reads as high. A validated questionnaire: copy it to adapt it.",
  language: "en",
  stem: "How confident are you that you will not lose your balance or become unsteady when you…",
  instructions:
    "For each of the following activities, please indicate your level of confidence in doing the activity without losing your balance or becoming unsteady, " +
    "choosing one of the percentage points on the scale from 0% to 100%. If you do not currently do the activity in question, try and imagine how confident " +
    "you would be if you had to do the activity. If you normally use a walking aid to do the activity or hold onto someone, rate your confidence as if you " +
    "were using these supports.",
  items: ITEMS_EN,
  minLabel: "No confidence",
  maxLabel: "Completely confident",
  bands: ["Low level of functioning", "Moderate level of functioning", "High level of functioning"],
});

export const ABC_ES: FormInput = abcForm({
  name: "Escala de confianza en el equilibrio (ABC)",
  description:
    "Fuente: Montilla-Ibáñez A, Martínez-Amat A, Lomas-Vega R, et al. The Activities-specific Balance Confidence scale: reliability and validity in Spanish " +
    "patients with vestibular disorders. Disabil Rehabil. 2017;39(7):697-703; versión original: Powell LE, Myers AM. The Activities-specific Balance " +
    "Confidence (ABC) Scale. J Gerontol A Biol Sci Med Sci. 1995;50A(1):M28-M34. " +
    "16 actividades cotidianas, cada una puntuada de 0% (ninguna confianza) a 100% (confianza total) en pasos de 10. " +
    "Puntuación: el total es la media de las 16 respuestas (0–100 %), más alta cuanta más confianza en el propio equilibrio. " +
    "Bandas (Myers AM et al. J Gerontol A Biol Sci Med Sci. 1998;53A(4):M287-M294): por debajo de 50 nivel bajo, de 50 a 80 moderado y por encima de 80 " +
    "alto de funcionamiento físico; aquí las bandas empiezan en 0, 50 y 80, de modo que una puntuación de 80 exacta se lee como alta. " +
    "Cuestionario validado: cópielo para adaptarlo.",
  language: "es",
  stem: "¿Qué confianza tiene usted en que no perderá el equilibrio ni se sentirá inestable cuando…",
  instructions:
    "Para cada una de las siguientes actividades, indique su grado de confianza en realizarla sin perder el equilibrio ni sentirse inestable, " +
    "eligiendo uno de los porcentajes de la escala de 0% a 100%. Si actualmente no realiza esa actividad, imagine qué confianza tendría si tuviera que hacerla. " +
    "Si normalmente usa una ayuda para caminar o se sujeta a alguien para hacerla, puntúe su confianza como si usara esos apoyos.",
  items: ITEMS_ES,
  minLabel: "Ninguna confianza",
  maxLabel: "Confianza total",
  bands: ["Nivel de funcionamiento bajo", "Nivel de funcionamiento moderado", "Nivel de funcionamiento alto"],
});
