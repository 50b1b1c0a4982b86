/** Equalizer's builds: data only (server-safe), checked by `equalizerParamsSchema` in catalogue.test.ts. */
import type { EqualizerBuild } from "./metrics.ts";

const WIDE = { width: 928, height: 415 };
/** Levels 1–20 everywhere: level 1 is the long window (and the nearest circle), 20 the short one; first sessions start at 5. */
const DIFFICULTY = { min: 1, max: 20, start: 5 };

const CHOICE_INSTRUCTIONS = {
  en: "Keep your eyes on the cross in the middle. A yellow circle appears on the left or on the right. If it is on the left, press the left arrow or F; on the right, the right arrow or J. You can also tap that side of the screen.",
  es: "Mantén la mirada en la cruz del centro. Aparece un círculo amarillo a la izquierda o a la derecha. Si está a la izquierda, pulsa la flecha izquierda o F; si está a la derecha, la flecha derecha o J. También puedes tocar ese lado de la pantalla.",
};

export const equalizerBuilds: EqualizerBuild[] = [
  {
    id: "equalizer-quick",
    family: "equalizer",
    quick: true,
    title: { en: "Equalizer: quick check", es: "Ecualizador: prueba rápida" },
    instructions: {
      en: "Eight circles, about fifteen seconds. Keep your eyes on the cross. As soon as a yellow circle appears on either side, press Space or tap the screen.",
      es: "Ocho círculos, unos quince segundos. Mantén la mirada en la cruz. En cuanto aparezca un círculo amarillo a cualquier lado, pulsa Espacio o toca la pantalla.",
    },
    size: WIDE,
    defaultDurationSeconds: 30,
    difficulty: DIFFICULTY,
    params: {
      mode: "simple",
      distractors: 0,
      trials: 8,
      foreperiodMs: { min: 700, max: 1300 },
      responseWindowMs: { easy: 1500, hard: 400 },
      eccentricityPx: { easy: 240, hard: 240 },
      feedbackMs: 500,
    },
  },
  {
    id: "equalizer-simple",
    family: "equalizer",
    title: { en: "Equalizer: left and right detection", es: "Ecualizador: detectar a izquierda y derecha" },
    instructions: {
      en: "Keep your eyes on the cross in the middle. A yellow circle appears on the left or on the right. As soon as you see it, press Space or tap the screen. Do not press before it appears.",
      es: "Mantén la mirada en la cruz del centro. Aparece un círculo amarillo a la izquierda o a la derecha. En cuanto lo veas, pulsa Espacio o toca la pantalla. No pulses antes de que aparezca.",
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: {
      mode: "simple",
      distractors: 0,
      trials: 40,
      foreperiodMs: { min: 1000, max: 2500 },
      responseWindowMs: { easy: 1500, hard: 350 },
      eccentricityPx: { easy: 260, hard: 260 },
      feedbackMs: 700,
    },
  },
  {
    id: "equalizer-choice",
    family: "equalizer",
    title: { en: "Equalizer: which side?", es: "Ecualizador: ¿de qué lado?" },
    instructions: CHOICE_INSTRUCTIONS,
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: {
      mode: "choice",
      distractors: 0,
      trials: 40,
      foreperiodMs: { min: 900, max: 2200 },
      responseWindowMs: { easy: 2000, hard: 450 },
      eccentricityPx: { easy: 260, hard: 260 },
      feedbackMs: 700,
    },
  },
  {
    id: "equalizer-peripheral",
    family: "equalizer",
    title: { en: "Equalizer: further to the sides", es: "Ecualizador: cada vez más a los lados" },
    instructions: {
      en: "Keep your eyes on the cross; do not look to the sides. A yellow circle appears on the left or on the right, further out as you improve. Press the left arrow or F for the left, the right arrow or J for the right, or tap that side.",
      es: "Mantén la mirada en la cruz; no mires a los lados. Aparece un círculo amarillo a la izquierda o a la derecha, cada vez más lejos a medida que mejoras. Pulsa la flecha izquierda o F para la izquierda, la flecha derecha o J para la derecha, o toca ese lado.",
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: {
      mode: "choice",
      distractors: 0,
      trials: 40,
      foreperiodMs: { min: 900, max: 2200 },
      responseWindowMs: { easy: 2000, hard: 800 },
      eccentricityPx: { easy: 120, hard: 410 },
      feedbackMs: 700,
    },
  },
  {
    id: "equalizer-distractors",
    family: "equalizer",
    title: { en: "Equalizer: find the circle", es: "Ecualizador: encuentra el círculo" },
    instructions: {
      en: "Keep your eyes on the cross. A yellow circle appears with two blue squares. Only the circle counts: if it is on the left, press the left arrow or F; on the right, the right arrow or J. You can also tap that side.",
      es: "Mantén la mirada en la cruz. Aparece un círculo amarillo junto a dos cuadrados azules. Solo cuenta el círculo: si está a la izquierda, pulsa la flecha izquierda o F; si está a la derecha, la flecha derecha o J. También puedes tocar ese lado.",
    },
    size: WIDE,
    defaultDurationSeconds: 200,
    difficulty: DIFFICULTY,
    params: {
      mode: "choice",
      distractors: 2,
      trials: 40,
      foreperiodMs: { min: 900, max: 2200 },
      responseWindowMs: { easy: 2500, hard: 600 },
      eccentricityPx: { easy: 240, hard: 240 },
      feedbackMs: 800,
    },
  },
  {
    id: "equalizer-portrait",
    family: "equalizer",
    title: { en: "Equalizer: which side? (phone)", es: "Ecualizador: ¿de qué lado? (móvil)" },
    instructions: {
      en: "Hold the phone upright. Keep your eyes on the cross. A yellow circle appears on the left or on the right: tap that side of the screen as soon as you see it.",
      es: "Sujeta el móvil en vertical. Mantén la mirada en la cruz. Aparece un círculo amarillo a la izquierda o a la derecha: toca ese lado de la pantalla en cuanto lo veas.",
    },
    size: { width: 430, height: 640 },
    defaultDurationSeconds: 150,
    difficulty: DIFFICULTY,
    params: {
      mode: "choice",
      distractors: 0,
      trials: 32,
      foreperiodMs: { min: 900, max: 2200 },
      responseWindowMs: { easy: 2000, hard: 450 },
      eccentricityPx: { easy: 130, hard: 130 },
      feedbackMs: 700,
    },
  },
  {
    id: "equalizer-simple-portrait",
    family: "equalizer",
    title: { en: "Equalizer: left and right detection (phone)", es: "Ecualizador: detectar a izquierda y derecha (móvil)" },
    instructions: {
      en: "Hold the phone upright. Keep your eyes on the cross. As soon as a yellow circle appears, on either side, tap the screen. Do not tap before it appears.",
      es: "Sujeta el móvil en vertical. Mantén la mirada en la cruz. En cuanto aparezca un círculo amarillo, a cualquier lado, toca la pantalla. No toques antes de que aparezca.",
    },
    size: { width: 360, height: 640 },
    defaultDurationSeconds: 150,
    difficulty: DIFFICULTY,
    params: {
      mode: "simple",
      distractors: 0,
      trials: 32,
      foreperiodMs: { min: 1000, max: 2500 },
      responseWindowMs: { easy: 1500, hard: 350 },
      eccentricityPx: { easy: 110, hard: 110 },
      feedbackMs: 700,
    },
  },
];
