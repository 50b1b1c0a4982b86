/**
 * Evaluator's builds: data only (server-safe), checked by `evaluatorParamsSchema` in
 * catalogue.test.ts. Each is one assessment with a fixed protocol: change a build's params and
 * its scores stop comparing with earlier sessions, so a new protocol gets a new build id.
 */
import type { EvaluatorBuild } from "./metrics.ts";

const WIDE = { width: 928, height: 415 };
/** Reaction time and the vertical line do not adapt: one level. */
const FIXED = { min: 1, max: 1, start: 1 };
/** Acuity levels: 1 is the largest E (100 px), each level 0.1 logMAR smaller, 14 is 5 px. */
const ACUITY = { min: 1, max: 14, start: 4 };
/** Span levels are lengths: 2 to 9, a first session starts at 3. */
const SPAN = { min: 2, max: 9, start: 3 };

const VERTICAL_EN =
  "A line appears inside a tilted square. Turn the line until it looks straight up and down to you, whatever the square does: left and right arrows (or the ↺ ↻ buttons) turn it one degree, or drag it with your finger. Then press Enter or tap OK. There is no hurry.";
const VERTICAL_ES =
  "Aparece una línea dentro de un cuadrado inclinado. Gira la línea hasta que la veas recta de arriba abajo, haga lo que haga el cuadrado: las flechas izquierda y derecha (o los botones ↺ ↻) la giran un grado, o arrástrala con el dedo. Luego pulsa Enter o toca OK. No hay prisa.";

export const evaluatorBuilds: EvaluatorBuild[] = [
  {
    id: "evaluator-quick",
    family: "evaluator",
    quick: true,
    title: { en: "Evaluator: quick check (upright line)", es: "Evaluador: prueba rápida (línea vertical)" },
    instructions: {
      en: "Six lines, about fifteen seconds. Turn each line until it looks straight up and down (arrows, the ↺ ↻ buttons, or drag it), then press Enter or tap OK.",
      es: "Seis líneas, unos quince segundos. Gira cada línea hasta que la veas recta de arriba abajo (flechas, botones ↺ ↻ o arrastrándola) y pulsa Enter o toca OK.",
    },
    size: WIDE,
    defaultDurationSeconds: 60,
    difficulty: FIXED,
    params: {
      test: "vertical",
      frameTilts: [-20, 0, 20],
      trialsPerFrame: 2,
      startTiltDeg: { min: 8, max: 20 },
      adjustWindowMs: 30_000,
      intervalMs: 600,
      feedbackMs: 500,
    },
  },
  {
    id: "evaluator-reaction-time",
    family: "evaluator",
    title: { en: "Evaluator: reaction time baseline", es: "Evaluador: tiempo de reacción de referencia" },
    instructions: {
      en: "Twenty circles, always the same test, so you can compare with other days. Look at the cross. As soon as the yellow circle appears, press Space or tap the screen. Do not press before it appears.",
      es: "Veinte círculos, siempre la misma prueba, para comparar con otros días. Mira la cruz. En cuanto aparezca el círculo amarillo, pulsa Espacio o toca la pantalla. No pulses antes de que aparezca.",
    },
    size: WIDE,
    defaultDurationSeconds: 120,
    difficulty: FIXED,
    params: { test: "reaction-time", trials: 20, foreperiodMs: { min: 1000, max: 3000 }, responseWindowMs: 1500, feedbackMs: 700 },
  },
  {
    id: "evaluator-vertical",
    family: "evaluator",
    title: { en: "Evaluator: upright line (visual vertical)", es: "Evaluador: línea vertical (vertical visual)" },
    instructions: { en: `Twelve lines. ${VERTICAL_EN}`, es: `Doce líneas. ${VERTICAL_ES}` },
    size: WIDE,
    defaultDurationSeconds: 300,
    difficulty: FIXED,
    params: {
      test: "vertical",
      frameTilts: [-20, 0, 20],
      trialsPerFrame: 4,
      startTiltDeg: { min: 8, max: 25 },
      adjustWindowMs: 45_000,
      intervalMs: 1000,
      feedbackMs: 600,
    },
  },
  {
    id: "evaluator-dynamic-acuity",
    family: "evaluator",
    title: { en: "Evaluator: reading a moving E", es: "Evaluador: leer una E en movimiento" },
    instructions: {
      en: "Sit at your usual distance from the screen, the same every time. An E appears, sometimes still, sometimes gliding sideways, and gets smaller as you go. Press the arrow for the way its arms point (or tap that arrow). If you are not sure, guess.",
      es: "Siéntate a tu distancia habitual de la pantalla, siempre la misma. Aparece una E, a veces quieta y a veces deslizándose de lado, y se hace más pequeña. Pulsa la flecha hacia donde apuntan sus brazos (o toca esa flecha). Si no estás seguro, adivina.",
    },
    size: WIDE,
    defaultDurationSeconds: 240,
    difficulty: ACUITY,
    params: {
      test: "acuity",
      mode: "both",
      trials: 40,
      largestPx: 100,
      speedPxPerS: 240,
      exposureMs: 800,
      responseWindowMs: 4000,
      foreperiodMs: { min: 600, max: 1200 },
      feedbackMs: 600,
    },
  },
  {
    id: "evaluator-span-positions",
    family: "evaluator",
    title: { en: "Evaluator: remember the squares", es: "Evaluador: recuerda los cuadros" },
    instructions: {
      en: "Squares light up one after another. Then tap them in the same order (or press the letter shown on each). Each time you get it right, the next one is a square longer.",
      es: "Unos cuadros se iluminan uno tras otro. Después tócalos en el mismo orden (o pulsa la letra de cada uno). Cada vez que aciertas, la siguiente tiene un cuadro más.",
    },
    size: WIDE,
    defaultDurationSeconds: 300,
    difficulty: SPAN,
    params: { test: "span", material: "positions", trials: 14, onMs: 700, offMs: 400, recallWindowMs: 6000, feedbackMs: 900 },
  },
  {
    id: "evaluator-span-digits",
    family: "evaluator",
    title: { en: "Evaluator: remember the numbers", es: "Evaluador: recuerda los números" },
    instructions: {
      en: "Numbers appear one at a time. Then type them in the same order with the number keys (or tap them). Each time you get it right, the next list is one number longer.",
      es: "Aparecen números de uno en uno. Después escríbelos en el mismo orden con las teclas de números (o tócalos). Cada vez que aciertas, la siguiente lista tiene un número más.",
    },
    size: WIDE,
    defaultDurationSeconds: 300,
    difficulty: SPAN,
    params: { test: "span", material: "digits", trials: 14, onMs: 800, offMs: 400, recallWindowMs: 6000, feedbackMs: 900 },
  },
  {
    id: "evaluator-span-portrait",
    family: "evaluator",
    title: { en: "Evaluator: remember the squares (phone)", es: "Evaluador: recuerda los cuadros (móvil)" },
    instructions: {
      en: "Hold the phone upright. Squares light up one after another. Then tap them in the same order. Each time you get it right, the next one is a square longer.",
      es: "Sujeta el móvil en vertical. Unos cuadros se iluminan uno tras otro. Después tócalos en el mismo orden. Cada vez que aciertas, la siguiente tiene un cuadro más.",
    },
    size: { width: 400, height: 640 },
    defaultDurationSeconds: 300,
    difficulty: SPAN,
    params: { test: "span", material: "positions", trials: 14, onMs: 700, offMs: 400, recallWindowMs: 6000, feedbackMs: 900 },
  },
];
