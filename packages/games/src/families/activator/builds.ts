/** Activator's builds: data only (server-safe), checked by `activatorParamsSchema` in catalogue.test.ts. */
import type { ActivatorBuild } from "./metrics.ts";

const WIDE = { width: 928, height: 415 };
/** Levels 1–20 everywhere: level 1 shows the symbol longest and jumps least; first sessions start at 5. */
const DIFFICULTY = { min: 1, max: 20, start: 5 };
/** The usual timings: an unpredictable foreperiod, time enough to answer, a calm pause. */
const TIMING = { foreperiodMs: { min: 800, max: 2000 }, responseWindowMs: 3000, feedbackMs: 700 };

const ARROWS_INSTRUCTIONS = {
  en: "Look at the dot in the middle. It will jump to one side and show an arrow for a moment. Move your eyes to it, read the arrow, then press the arrow key that points the same way, or tap that arrow's button. Keep your head still.",
  es: "Mira el punto del centro. Saltará hacia un lado y mostrará una flecha un momento. Lleva los ojos hasta él, lee la flecha y pulsa la tecla de flecha que apunta igual, o toca el botón de esa flecha. Mantén la cabeza quieta.",
};

export const activatorBuilds: ActivatorBuild[] = [
  {
    id: "activator-quick",
    family: "activator",
    quick: true,
    title: { en: "Activator: quick check", es: "Activador: prueba rápida" },
    instructions: {
      en: "Eight jumps, about fifteen seconds. Look at the dot. When it jumps left or right, read its arrow and press that arrow key, or tap its button.",
      es: "Ocho saltos, unos quince segundos. Mira el punto. Cuando salte a la izquierda o a la derecha, lee su flecha y pulsa esa tecla de flecha, o toca su botón.",
    },
    size: WIDE,
    defaultDurationSeconds: 30,
    difficulty: DIFFICULTY,
    params: {
      directions: "horizontal",
      symbols: "arrows",
      trials: 8,
      foreperiodMs: { min: 700, max: 1200 },
      displayMs: { easy: 1500, hard: 300 },
      amplitudePx: { easy: 200, hard: 380 },
      responseWindowMs: 3000,
      feedbackMs: 600,
    },
  },
  {
    id: "activator-horizontal",
    family: "activator",
    title: { en: "Activator: left and right jumps", es: "Activador: saltos a izquierda y derecha" },
    instructions: ARROWS_INSTRUCTIONS,
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { directions: "horizontal", symbols: "arrows", trials: 40, displayMs: { easy: 1500, hard: 250 }, amplitudePx: { easy: 160, hard: 400 }, ...TIMING },
  },
  {
    id: "activator-vertical",
    family: "activator",
    title: { en: "Activator: up and down jumps", es: "Activador: saltos arriba y abajo" },
    instructions: {
      en: "Look at the dot in the middle. It will jump up or down and show an arrow for a moment. Move your eyes to it, read the arrow, then press the arrow key that points the same way, or tap that arrow's button. Keep your head still.",
      es: "Mira el punto del centro. Saltará hacia arriba o hacia abajo y mostrará una flecha un momento. Lleva los ojos hasta él, lee la flecha y pulsa la tecla de flecha que apunta igual, o toca el botón de esa flecha. Mantén la cabeza quieta.",
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { directions: "vertical", symbols: "arrows", trials: 40, displayMs: { easy: 1500, hard: 250 }, amplitudePx: { easy: 80, hard: 135 }, ...TIMING },
  },
  {
    id: "activator-diagonal",
    family: "activator",
    title: { en: "Activator: diagonal jumps", es: "Activador: saltos en diagonal" },
    instructions: {
      en: "Look at the dot in the middle. It will jump towards a corner and show an arrow for a moment. Move your eyes to it, read the arrow, then press the arrow key that points the same way, or tap that arrow's button. Keep your head still.",
      es: "Mira el punto del centro. Saltará hacia una esquina y mostrará una flecha un momento. Lleva los ojos hasta él, lee la flecha y pulsa la tecla de flecha que apunta igual, o toca el botón de esa flecha. Mantén la cabeza quieta.",
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { directions: "diagonal", symbols: "arrows", trials: 40, displayMs: { easy: 1500, hard: 300 }, amplitudePx: { easy: 110, hard: 190 }, ...TIMING },
  },
  {
    id: "activator-narrow",
    family: "activator",
    title: { en: "Activator: short jumps", es: "Activador: saltos cortos" },
    instructions: {
      en: "A gentle start. Look at the dot in the middle. It will make a short jump left or right and show an arrow. Read it and press the arrow key that points the same way, or tap that arrow's button. Keep your head still.",
      es: "Un comienzo suave. Mira el punto del centro. Dará un salto corto a la izquierda o a la derecha y mostrará una flecha. Léela y pulsa la tecla de flecha que apunta igual, o toca el botón de esa flecha. Mantén la cabeza quieta.",
    },
    size: WIDE,
    defaultDurationSeconds: 150,
    difficulty: DIFFICULTY,
    params: {
      directions: "horizontal",
      symbols: "arrows",
      trials: 30,
      displayMs: { easy: 2000, hard: 400 },
      amplitudePx: { easy: 70, hard: 160 },
      foreperiodMs: { min: 1000, max: 2200 },
      responseWindowMs: 3500,
      feedbackMs: 900,
    },
  },
  {
    id: "activator-wide-letters",
    family: "activator",
    title: { en: "Activator: wide jumps with letters", es: "Activador: saltos amplios con letras" },
    instructions: {
      en: "Look at the dot in the middle. It will make a long jump left or right and show a letter for a moment: D, H, K or V. Move your eyes to it, read the letter, then press that letter's key or tap its button. Keep your head still.",
      es: "Mira el punto del centro. Dará un salto largo a la izquierda o a la derecha y mostrará una letra un momento: D, H, K o V. Lleva los ojos hasta él, lee la letra y pulsa su tecla o toca su botón. Mantén la cabeza quieta.",
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: {
      directions: "horizontal",
      symbols: "letters",
      trials: 40,
      displayMs: { easy: 1500, hard: 300 },
      amplitudePx: { easy: 300, hard: 410 },
      ...TIMING,
    },
  },
  {
    id: "activator-portrait",
    family: "activator",
    title: { en: "Activator: jumps on the phone", es: "Activador: saltos en el móvil" },
    instructions: {
      en: "Hold the phone upright, at reading distance. Look at the dot in the middle. It will jump up, down, left or right and show an arrow for a moment. Read it, then tap the button with the same arrow.",
      es: "Sujeta el móvil en vertical, a distancia de lectura. Mira el punto del centro. Saltará arriba, abajo, a la izquierda o a la derecha y mostrará una flecha un momento. Léela y toca el botón con la misma flecha.",
    },
    size: { width: 400, height: 640 },
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { directions: "cardinal", symbols: "arrows", trials: 40, displayMs: { easy: 1500, hard: 300 }, amplitudePx: { easy: 80, hard: 145 }, ...TIMING },
  },
];
