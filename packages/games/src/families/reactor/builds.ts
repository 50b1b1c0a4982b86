/** Reactor's builds: data only (server-safe), checked by `reactorParamsSchema` in catalogue.test.ts. */
import type { ReactorBuild } from "./metrics.ts";

const WIDE = { width: 928, height: 415 };
/** Levels 1–20 everywhere: level 1 is the easy window, 20 the hard one; first sessions start at 5. */
const DIFFICULTY = { min: 1, max: 20, start: 5 };

const SIMPLE_INSTRUCTIONS = {
  en: "Look at the cross in the middle. As soon as a yellow circle appears, press Space (or tap the screen). Do not press before it appears.",
  es: "Mira la cruz del centro. En cuanto aparezca un círculo amarillo, pulsa Espacio (o toca la pantalla). No pulses antes de que aparezca.",
};

export const reactorBuilds: ReactorBuild[] = [
  {
    id: "reactor-quick",
    family: "reactor",
    quick: true,
    title: { en: "Reactor: quick check", es: "Reactor: prueba rápida" },
    instructions: {
      en: "Eight circles, about fifteen seconds. As soon as the yellow circle appears, press Space or tap the screen.",
      es: "Ocho círculos, unos quince segundos. En cuanto aparezca el círculo amarillo, pulsa Espacio o toca la pantalla.",
    },
    size: WIDE,
    defaultDurationSeconds: 30,
    difficulty: DIFFICULTY,
    params: { mode: "simple", trials: 8, foreperiodMs: { min: 800, max: 1500 }, responseWindowMs: { easy: 1500, hard: 350 }, feedbackMs: 500 },
  },
  {
    id: "reactor-simple",
    family: "reactor",
    title: { en: "Reactor: simple reaction", es: "Reactor: reacción simple" },
    instructions: SIMPLE_INSTRUCTIONS,
    size: WIDE,
    defaultDurationSeconds: 150,
    difficulty: DIFFICULTY,
    params: { mode: "simple", trials: 30, foreperiodMs: { min: 1000, max: 3000 }, responseWindowMs: { easy: 1500, hard: 350 }, feedbackMs: 700 },
  },
  {
    id: "reactor-simple-portrait",
    family: "reactor",
    title: { en: "Reactor: simple reaction (phone)", es: "Reactor: reacción simple (móvil)" },
    instructions: {
      en: "Hold the phone upright. Look at the cross. As soon as a yellow circle appears, tap the screen. Do not tap before it appears.",
      es: "Sujeta el móvil en vertical. Mira la cruz. En cuanto aparezca un círculo amarillo, toca la pantalla. No toques antes de que aparezca.",
    },
    size: { width: 360, height: 640 },
    defaultDurationSeconds: 150,
    difficulty: DIFFICULTY,
    params: { mode: "simple", trials: 30, foreperiodMs: { min: 1000, max: 3000 }, responseWindowMs: { easy: 1500, hard: 350 }, feedbackMs: 700 },
  },
  {
    id: "reactor-choice-2",
    family: "reactor",
    title: { en: "Reactor: left or right", es: "Reactor: izquierda o derecha" },
    instructions: {
      en: "A yellow circle appears in the left or the right box. Press the left arrow (or F) for the left box and the right arrow (or J) for the right one, or tap the box.",
      es: "Aparece un círculo amarillo en la casilla izquierda o en la derecha. Pulsa la flecha izquierda (o F) para la izquierda y la flecha derecha (o J) para la derecha, o toca la casilla.",
    },
    size: WIDE,
    defaultDurationSeconds: 150,
    difficulty: DIFFICULTY,
    params: { mode: "choice", choices: 2, trials: 40, foreperiodMs: { min: 800, max: 2000 }, responseWindowMs: { easy: 2000, hard: 450 }, feedbackMs: 700 },
  },
  {
    id: "reactor-choice-2-portrait",
    family: "reactor",
    title: { en: "Reactor: left or right (phone)", es: "Reactor: izquierda o derecha (móvil)" },
    instructions: {
      en: "Hold the phone upright. A yellow circle appears in the left or the right box: tap that box as soon as you see it.",
      es: "Sujeta el móvil en vertical. Aparece un círculo amarillo en la casilla izquierda o en la derecha: toca esa casilla en cuanto lo veas.",
    },
    size: { width: 400, height: 640 },
    defaultDurationSeconds: 120,
    difficulty: DIFFICULTY,
    params: { mode: "choice", choices: 2, trials: 30, foreperiodMs: { min: 800, max: 2000 }, responseWindowMs: { easy: 2000, hard: 450 }, feedbackMs: 700 },
  },
  {
    id: "reactor-choice-4",
    family: "reactor",
    title: { en: "Reactor: four boxes", es: "Reactor: cuatro casillas" },
    instructions: {
      en: "A yellow circle appears in one of four boxes. Press D, F, J or K for the boxes from left to right (or 1 to 4), or tap the box.",
      es: "Aparece un círculo amarillo en una de cuatro casillas. Pulsa D, F, J o K para las casillas de izquierda a derecha (o 1 a 4), o toca la casilla.",
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { mode: "choice", choices: 4, trials: 40, foreperiodMs: { min: 800, max: 2000 }, responseWindowMs: { easy: 2500, hard: 550 }, feedbackMs: 700 },
  },
  {
    id: "reactor-go-nogo",
    family: "reactor",
    title: { en: "Reactor: go / no-go", es: "Reactor: pulsar o esperar" },
    instructions: {
      en: "When a yellow circle appears, press Space or tap the screen as fast as you can. When a blue square appears, do nothing and wait for the next one.",
      es: "Cuando aparezca un círculo amarillo, pulsa Espacio o toca la pantalla lo más rápido que puedas. Cuando aparezca un cuadrado azul, no hagas nada y espera al siguiente.",
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { mode: "go-nogo", goShare: 0.75, trials: 48, foreperiodMs: { min: 800, max: 1800 }, responseWindowMs: { easy: 1500, hard: 400 }, feedbackMs: 700 },
  },
  {
    id: "reactor-vigilance",
    family: "reactor",
    title: { en: "Reactor: vigilance (5 minutes)", es: "Reactor: vigilancia (5 minutos)" },
    instructions: {
      en: "Five minutes of keeping watch. The yellow circle comes after 2 to 10 seconds: press Space or tap the screen as soon as it appears. Stay with it until the end.",
      es: "Cinco minutos de atención sostenida. El círculo amarillo aparece tras 2 a 10 segundos: pulsa Espacio o toca la pantalla en cuanto aparezca. Mantente atento hasta el final.",
    },
    size: WIDE,
    defaultDurationSeconds: 300,
    difficulty: DIFFICULTY,
    params: { mode: "simple", trials: 60, foreperiodMs: { min: 2000, max: 10_000 }, responseWindowMs: { easy: 3000, hard: 600 }, feedbackMs: 700 },
  },
];
