/** Optimizer's builds: data only (server-safe), checked by `optimizerParamsSchema` in catalogue.test.ts. */
import type { OptimizerBuild } from "./metrics.ts";

const WIDE = { width: 928, height: 415 };
/** Speed and pace builds: level 1 is the slowest circle (or the calmest pace), 20 the fastest; first sessions start at 5. */
const LEVELS = { min: 1, max: 20, start: 5 };
/** Sequence memory: the level is the number of digits, 2 to 9; first sessions start at 3. */
const SPANS = { min: 2, max: 9, start: 3 };

export const optimizerBuilds: OptimizerBuild[] = [
  {
    id: "optimizer-quick",
    family: "optimizer",
    quick: true,
    title: { en: "Optimizer: quick check", es: "Optimizador: prueba rápida" },
    instructions: {
      en: "About fifteen seconds. Keep the mouse pointer on the yellow circle as it moves. Letters appear inside it: press Space (or tap Match) when a letter is the same as the one just before.",
      es: "Unos quince segundos. Mantén el puntero del ratón sobre el círculo amarillo mientras se mueve. Dentro aparecen letras: pulsa Espacio (o toca Igual) cuando una letra sea la misma que la anterior.",
    },
    size: WIDE,
    defaultDurationSeconds: 30,
    difficulty: LEVELS,
    params: {
      task: "nback-pursuit",
      n: 1,
      trials: 10,
      matchShare: 0.34,
      visibleShare: 0.7,
      itemMs: 1400,
      speedPxPerS: { easy: 60, hard: 320 },
      tolerancePx: 40,
    },
  },
  {
    id: "optimizer-1back-pursuit",
    family: "optimizer",
    title: { en: "Optimizer: follow and compare (1-back)", es: "Optimizador: sigue y compara (1 atrás)" },
    instructions: {
      en: "Keep the mouse pointer on the yellow circle as it moves round the screen. Letters appear inside it, one at a time. Press Space (or tap Match) when a letter is the same as the one just before. The circle speeds up as you do well.",
      es: "Mantén el puntero del ratón sobre el círculo amarillo mientras recorre la pantalla. Dentro aparecen letras, de una en una. Pulsa Espacio (o toca Igual) cuando una letra sea la misma que la anterior. El círculo va más rápido cuando lo haces bien.",
    },
    size: WIDE,
    defaultDurationSeconds: 200,
    difficulty: LEVELS,
    params: {
      task: "nback-pursuit",
      n: 1,
      trials: 90,
      matchShare: 0.3,
      visibleShare: 0.7,
      itemMs: 2000,
      speedPxPerS: { easy: 60, hard: 320 },
      tolerancePx: 40,
    },
  },
  {
    id: "optimizer-2back-pursuit",
    family: "optimizer",
    title: { en: "Optimizer: follow and compare (2-back)", es: "Optimizador: sigue y compara (2 atrás)" },
    instructions: {
      en: "Keep the mouse pointer on the yellow circle as it moves. Letters appear inside it. Press Space (or tap Match) when a letter is the same as the one two letters before. The circle speeds up as you do well.",
      es: "Mantén el puntero del ratón sobre el círculo amarillo mientras se mueve. Dentro aparecen letras. Pulsa Espacio (o toca Igual) cuando una letra sea la misma que la de hace dos letras. El círculo va más rápido cuando lo haces bien.",
    },
    size: WIDE,
    defaultDurationSeconds: 210,
    difficulty: LEVELS,
    params: {
      task: "nback-pursuit",
      n: 2,
      trials: 90,
      matchShare: 0.3,
      visibleShare: 0.75,
      itemMs: 2200,
      speedPxPerS: { easy: 50, hard: 280 },
      tolerancePx: 45,
    },
  },
  {
    id: "optimizer-position-saccades",
    family: "optimizer",
    title: { en: "Optimizer: jumping dots", es: "Optimizador: puntos que saltan" },
    instructions: {
      en: "A dot appears in a square of the left grid, then of the right grid, and so on: move your eyes to each one. Press Space (or tap the screen) when the dot is in the same square as the one just before. The dots come faster as you do well.",
      es: "Aparece un punto en una casilla de la cuadrícula izquierda, luego en la derecha, y así sucesivamente: mueve los ojos hacia cada uno. Pulsa Espacio (o toca la pantalla) cuando el punto esté en la misma casilla que el anterior. Los puntos van más rápido cuando lo haces bien.",
    },
    size: WIDE,
    defaultDurationSeconds: 210,
    difficulty: LEVELS,
    params: { task: "position-saccades", n: 1, trials: 80, matchShare: 0.3, visibleShare: 0.6, itemMs: { easy: 2500, hard: 1000 } },
  },
  {
    id: "optimizer-sequence-pursuit",
    family: "optimizer",
    title: { en: "Optimizer: follow and remember", es: "Optimizador: sigue y recuerda" },
    instructions: {
      en: "Keep the mouse pointer on the yellow circle as it moves. Numbers appear inside it, one at a time: remember them. Then the circle stops: type the numbers in the same order with the keys 1 to 9, or tap them. The lists get longer as you do well.",
      es: "Mantén el puntero del ratón sobre el círculo amarillo mientras se mueve. Dentro aparecen números, de uno en uno: recuérdalos. Después el círculo se para: escribe los números en el mismo orden con las teclas 1 a 9, o tócalos. Las listas se alargan cuando lo haces bien.",
    },
    size: WIDE,
    defaultDurationSeconds: 240,
    difficulty: SPANS,
    params: { task: "memory-pursuit", trials: 20, digitMs: 1000, recallMs: 12_000, feedbackMs: 1500, speedPxPerS: 100, tolerancePx: 45 },
  },
  {
    id: "optimizer-1back-pursuit-portrait",
    family: "optimizer",
    title: { en: "Optimizer: follow and compare (phone)", es: "Optimizador: sigue y compara (móvil)" },
    instructions: {
      en: "Hold the phone upright. Keep a finger on the yellow circle as it moves. Letters appear inside it. When a letter is the same as the one just before, lift your finger and tap Match, then go back to the circle.",
      es: "Sujeta el móvil en vertical. Mantén un dedo sobre el círculo amarillo mientras se mueve. Dentro aparecen letras. Cuando una letra sea la misma que la anterior, levanta el dedo y toca Igual, y vuelve al círculo.",
    },
    size: { width: 400, height: 640 },
    defaultDurationSeconds: 150,
    difficulty: LEVELS,
    params: {
      task: "nback-pursuit",
      n: 1,
      trials: 60,
      matchShare: 0.3,
      visibleShare: 0.7,
      itemMs: 2200,
      speedPxPerS: { easy: 40, hard: 220 },
      tolerancePx: 45,
    },
  },
];
