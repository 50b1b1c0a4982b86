/** Modulator's builds: data only (server-safe), checked by `modulatorParamsSchema` in catalogue.test.ts. */
import type { ModulatorBuild, ModulatorParams } from "./metrics.ts";

const WIDE = { width: 928, height: 415 };
/**
 * Stimulus levels 1–10: level 1 is the slowest, faintest background, 10 the fastest and
 * strongest the build allows. A first session starts at the gentlest.
 */
const DIFFICULTY = { min: 1, max: 10, start: 1 };

/** The task's timing, the same in the full builds. */
const TASK = {
  itemsPerBlock: 10,
  targetShare: 0.3,
  itemWindowMs: 1500,
  gapMs: { min: 500, max: 1200 },
  feedbackMs: 500,
} satisfies Partial<ModulatorParams>;

const STRIPES = {
  pattern: "stripes",
  // 120 px stripes may move at most 360 px/s (3 Hz); the fastest level stays well under it.
  periodPx: 120,
  speed: { min: 20, max: 150 },
  dots: { min: 10, max: 10 },
  contrast: { min: 0.08, max: 0.3 },
  blocks: 8,
  rateEvery: 2,
  ...TASK,
} satisfies Omit<ModulatorParams, "directions">;

const TASK_EN = "Keep your eyes on the middle box. Press Space (or tap the screen) only when the shape shown at the top appears; let the others go.";
const TASK_ES =
  "Mantén la mirada en el cuadro del centro. Pulsa Espacio (o toca la pantalla) solo cuando aparezca la figura que se ve arriba; deja pasar las demás.";
const RATING_EN = "Now and then you rate how you feel from 0 (fine) to 10 (very bad): tap the number or press its key. If you feel unwell, stop and rest.";
const RATING_ES =
  "De vez en cuando puntúas cómo te sientes de 0 (bien) a 10 (muy mal): toca el número o pulsa su tecla. Si te encuentras mal, para y descansa.";

export const modulatorBuilds: ModulatorBuild[] = [
  {
    id: "modulator-quick",
    family: "modulator",
    quick: true,
    title: { en: "Modulator: quick check", es: "Modulador: prueba rápida" },
    instructions: {
      en: "About fifteen seconds, with slow stripes behind. First say how you feel from 0 (fine) to 10 (very bad): tap the number or press its key. Then press Space or tap only when the shape shown at the top appears.",
      es: "Unos quince segundos, con franjas lentas detrás. Primero di cómo te sientes de 0 (bien) a 10 (muy mal): toca el número o pulsa su tecla. Luego pulsa Espacio o toca solo cuando aparezca la figura que se ve arriba.",
    },
    size: WIDE,
    defaultDurationSeconds: 30,
    difficulty: DIFFICULTY,
    params: {
      ...STRIPES,
      directions: ["left", "right"],
      blocks: 1,
      itemsPerBlock: 5,
      targetShare: 0.4,
      itemWindowMs: 1200,
      gapMs: { min: 400, max: 600 },
      feedbackMs: 400,
      rateEvery: 1,
    },
  },
  {
    id: "modulator-stripes-horizontal",
    family: "modulator",
    title: { en: "Modulator: stripes moving sideways", es: "Modulador: franjas que se mueven de lado" },
    instructions: {
      en: `Stripes drift slowly left or right behind the game. ${TASK_EN} ${RATING_EN}`,
      es: `Unas franjas se mueven despacio a izquierda o derecha detrás del juego. ${TASK_ES} ${RATING_ES}`,
    },
    size: WIDE,
    defaultDurationSeconds: 300,
    difficulty: DIFFICULTY,
    params: { ...STRIPES, directions: ["left", "right"] },
  },
  {
    id: "modulator-stripes-vertical",
    family: "modulator",
    title: { en: "Modulator: stripes moving up and down", es: "Modulador: franjas que suben y bajan" },
    instructions: {
      en: `Stripes drift slowly up or down behind the game. ${TASK_EN} ${RATING_EN}`,
      es: `Unas franjas suben o bajan despacio detrás del juego. ${TASK_ES} ${RATING_ES}`,
    },
    size: WIDE,
    defaultDurationSeconds: 300,
    difficulty: DIFFICULTY,
    params: { ...STRIPES, directions: ["up", "down"] },
  },
  {
    id: "modulator-dot-flow",
    family: "modulator",
    title: { en: "Modulator: flowing dots", es: "Modulador: puntos en movimiento" },
    instructions: {
      en: `Dots stream out from the middle, as if you were moving forwards, or back towards it. ${TASK_EN} ${RATING_EN}`,
      es: `Unos puntos salen del centro, como si avanzaras, o vuelven hacia él. ${TASK_ES} ${RATING_ES}`,
    },
    size: WIDE,
    defaultDurationSeconds: 300,
    difficulty: DIFFICULTY,
    params: {
      ...STRIPES,
      pattern: "dots",
      directions: ["out", "in"],
      speed: { min: 40, max: 220 },
      dots: { min: 40, max: 120 },
      contrast: { min: 0.2, max: 0.45 },
    },
  },
  {
    id: "modulator-rotation",
    family: "modulator",
    title: { en: "Modulator: turning dots", es: "Modulador: puntos que giran" },
    instructions: {
      en: `A field of dots turns slowly around the middle, one way and then the other. ${TASK_EN} ${RATING_EN}`,
      es: `Un campo de puntos gira despacio alrededor del centro, hacia un lado y luego hacia el otro. ${TASK_ES} ${RATING_ES}`,
    },
    size: WIDE,
    defaultDurationSeconds: 300,
    difficulty: DIFFICULTY,
    params: {
      ...STRIPES,
      pattern: "rotation",
      directions: ["cw", "ccw"],
      speed: { min: 5, max: 40 },
      dots: { min: 40, max: 120 },
      contrast: { min: 0.2, max: 0.45 },
    },
  },
  {
    id: "modulator-gentle",
    family: "modulator",
    title: { en: "Modulator: gentle start (faint, slow stripes)", es: "Modulador: inicio suave (franjas tenues y lentas)" },
    instructions: {
      en: `For the first weeks: faint stripes move very slowly sideways, with a rating after every part. ${TASK_EN} ${RATING_EN}`,
      es: `Para las primeras semanas: unas franjas tenues se mueven muy despacio de lado, con una puntuación tras cada parte. ${TASK_ES} ${RATING_ES}`,
    },
    size: WIDE,
    defaultDurationSeconds: 240,
    difficulty: DIFFICULTY,
    params: {
      ...STRIPES,
      directions: ["left", "right"],
      periodPx: 160,
      speed: { min: 10, max: 60 },
      contrast: { min: 0.04, max: 0.12 },
      blocks: 6,
      itemsPerBlock: 8,
      rateEvery: 1,
    },
  },
  {
    id: "modulator-stripes-portrait",
    family: "modulator",
    title: { en: "Modulator: stripes moving sideways (phone)", es: "Modulador: franjas que se mueven de lado (móvil)" },
    instructions: {
      en: "Hold the phone upright, at a comfortable distance. Stripes drift slowly left or right behind the game. Keep your eyes on the middle box and tap the screen only when the shape shown at the top appears. Now and then tap a number from 0 (fine) to 10 (very bad) to say how you feel. If you feel unwell, stop and rest.",
      es: "Sujeta el móvil en vertical, a una distancia cómoda. Unas franjas se mueven despacio a izquierda o derecha detrás del juego. Mantén la mirada en el cuadro del centro y toca la pantalla solo cuando aparezca la figura que se ve arriba. De vez en cuando toca un número de 0 (bien) a 10 (muy mal) para decir cómo te sientes. Si te encuentras mal, para y descansa.",
    },
    size: { width: 400, height: 640 },
    defaultDurationSeconds: 240,
    difficulty: DIFFICULTY,
    params: { ...STRIPES, directions: ["left", "right"], periodPx: 80, speed: { min: 15, max: 100 }, blocks: 6 },
  },
];
