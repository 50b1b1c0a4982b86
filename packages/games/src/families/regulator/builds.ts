/** Regulator's builds: data only (server-safe), checked by `regulatorParamsSchema` in catalogue.test.ts. */
import type { RegulatorBuild, RegulatorParams } from "./metrics.ts";

const WIDE = { width: 928, height: 415 };
/** Levels 1–20: level 1 is the slowest target, 20 the fastest; first sessions start at 4. */
const DIFFICULTY = { min: 1, max: 20, start: 4 };

/** Forty 3-second segments in blocks of five (15 s of movement, then a short rest). */
const STANDARD: Omit<RegulatorParams, "shapes"> = {
  segments: 40,
  blockSegments: 5,
  segmentMs: 3000,
  holdMs: 1500,
  speed: { easy: 80, hard: 420 },
  targetRadius: 24,
  showPath: true,
};

const HOW = {
  en: "Use the mouse, or your finger on a touch screen. Move only your eyes and your hand, not your head. Stop and rest if you feel dizzy.",
  es: "Usa el ratón, o el dedo en una pantalla táctil. Mueve solo los ojos y la mano, no la cabeza. Para y descansa si te mareas.",
};

export const regulatorBuilds: RegulatorBuild[] = [
  {
    id: "regulator-quick",
    family: "regulator",
    quick: true,
    title: { en: "Regulator: quick check", es: "Regulador: prueba rápida" },
    instructions: {
      en: `About fifteen seconds. A yellow dot goes round a circle: keep the pointer (or your finger) on it all the way. ${HOW.en}`,
      es: `Unos quince segundos. Un punto amarillo da vueltas en un círculo: mantén el puntero (o el dedo) encima todo el rato. ${HOW.es}`,
    },
    size: WIDE,
    defaultDurationSeconds: 30,
    difficulty: DIFFICULTY,
    params: { ...STANDARD, shapes: ["circle"], segments: 4, blockSegments: 4, holdMs: 1000 },
  },
  {
    id: "regulator-horizontal",
    family: "regulator",
    title: { en: "Regulator: follow side to side", es: "Regulador: seguir de lado a lado" },
    instructions: {
      en: `A yellow dot glides left and right. Keep the pointer (or your finger) on it. It goes faster as you follow it well. ${HOW.en}`,
      es: `Un punto amarillo se desliza a izquierda y derecha. Mantén el puntero (o el dedo) encima. Va más rápido cuando lo sigues bien. ${HOW.es}`,
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { ...STANDARD, shapes: ["horizontal"] },
  },
  {
    id: "regulator-vertical",
    family: "regulator",
    title: { en: "Regulator: follow up and down", es: "Regulador: seguir arriba y abajo" },
    instructions: {
      en: `A yellow dot glides up and down. Keep the pointer (or your finger) on it. It goes faster as you follow it well. ${HOW.en}`,
      es: `Un punto amarillo se desliza arriba y abajo. Mantén el puntero (o el dedo) encima. Va más rápido cuando lo sigues bien. ${HOW.es}`,
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    // The vertical path is short on a wide screen: slower speeds cover it at a comparable pace.
    params: { ...STANDARD, shapes: ["vertical"], speed: { easy: 50, hard: 260 } },
  },
  {
    id: "regulator-circle",
    family: "regulator",
    title: { en: "Regulator: follow round a circle", es: "Regulador: seguir en círculo" },
    instructions: {
      en: `A yellow dot goes round a circle, sometimes one way, sometimes the other. Keep the pointer (or your finger) on it. ${HOW.en}`,
      es: `Un punto amarillo da vueltas en un círculo, unas veces en un sentido y otras en el otro. Mantén el puntero (o el dedo) encima. ${HOW.es}`,
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { ...STANDARD, shapes: ["circle"], speed: { easy: 60, hard: 360 } },
  },
  {
    id: "regulator-figure-eight",
    family: "regulator",
    title: { en: "Regulator: follow a figure eight", es: "Regulador: seguir un ocho" },
    instructions: {
      en: `A yellow dot draws a figure eight lying on its side. Keep the pointer (or your finger) on it. ${HOW.en}`,
      es: `Un punto amarillo dibuja un ocho tumbado. Mantén el puntero (o el dedo) encima. ${HOW.es}`,
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { ...STANDARD, shapes: ["figure-eight"] },
  },
  {
    id: "regulator-mixed",
    family: "regulator",
    title: { en: "Regulator: lines, circles and eights", es: "Regulador: líneas, círculos y ochos" },
    instructions: {
      en: `A yellow dot moves along a line, a circle or a figure eight, changing after each short rest. Keep the pointer (or your finger) on it. ${HOW.en}`,
      es: `Un punto amarillo recorre una línea, un círculo o un ocho, y cambia tras cada breve descanso. Mantén el puntero (o el dedo) encima. ${HOW.es}`,
    },
    size: WIDE,
    defaultDurationSeconds: 240,
    difficulty: DIFFICULTY,
    params: { ...STANDARD, shapes: ["horizontal", "vertical", "circle", "figure-eight"], segments: 48, blockSegments: 4, speed: { easy: 60, hard: 360 } },
  },
  {
    id: "regulator-portrait",
    family: "regulator",
    title: { en: "Regulator: follow with your finger (phone)", es: "Regulador: seguir con el dedo (móvil)" },
    instructions: {
      en: "Hold the phone upright. A yellow dot moves along a line or a circle: keep your finger on it, without lifting it, until it rests. Move only your eyes and your hand. Stop and rest if you feel dizzy.",
      es: "Sujeta el móvil en vertical. Un punto amarillo recorre una línea o un círculo: mantén el dedo encima, sin levantarlo, hasta que se pare. Mueve solo los ojos y la mano. Para y descansa si te mareas.",
    },
    size: { width: 430, height: 640 },
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { ...STANDARD, shapes: ["vertical", "horizontal", "circle"], segments: 36, blockSegments: 4, speed: { easy: 50, hard: 300 }, targetRadius: 28 },
  },
];
