/** Reflector's builds: data only (server-safe), checked by `reflectorParamsSchema` in catalogue.test.ts. */
import type { ReflectorBuild, ReflectorParams } from "./metrics.ts";

const WIDE = { width: 928, height: 415 };
/** Levels 1–20: level 1 is the slowest pace and the largest optotype; first sessions start at 3. */
const DIFFICULTY = { min: 1, max: 20, start: 3 };

/** A usual session: forty optotypes, the pace from 60 to 150 beats a minute, the optotype shrinking a little. */
const STANDARD: Omit<ReflectorParams, "mode" | "axis" | "optotype"> = {
  trials: 40,
  bpm: { easy: 60, hard: 150 },
  sizePx: { easy: 90, hard: 56 },
  responseWindowMs: 4000,
  gapMs: { min: 600, max: 1400 },
  leadInMs: 3000,
  feedbackMs: 700,
};

const SAFETY = {
  en: "Sit down. Stop and rest if you feel dizzy or sick.",
  es: "Siéntate. Para y descansa si te mareas o te sientes mal.",
};

export const reflectorBuilds: ReflectorBuild[] = [
  {
    id: "reflector-quick",
    family: "reflector",
    quick: true,
    title: { en: "Reflector: quick check", es: "Reflector: prueba rápida" },
    instructions: {
      en: `Eight letters E, about fifteen seconds. Turn your head gently side to side, one turn each time the blue dot reaches an end, and keep your eyes on the E. Press the arrow key where the E points, or tap that arrow. ${SAFETY.en}`,
      es: `Ocho letras E, unos quince segundos. Gira la cabeza con suavidad de lado a lado, un giro cada vez que el punto azul llega a un extremo, y no dejes de mirar la E. Pulsa la flecha hacia donde apunta la E, o toca esa flecha. ${SAFETY.es}`,
    },
    size: WIDE,
    defaultDurationSeconds: 30,
    difficulty: DIFFICULTY,
    params: {
      mode: "x1",
      axis: "horizontal",
      optotype: "tumbling-e",
      trials: 8,
      bpm: { easy: 60, hard: 100 },
      sizePx: { easy: 90, hard: 70 },
      responseWindowMs: 3000,
      gapMs: { min: 400, max: 800 },
      leadInMs: 1500,
      feedbackMs: 500,
    },
  },
  {
    id: "reflector-x1-horizontal",
    family: "reflector",
    title: { en: "Reflector: gaze steady, head side to side (x1)", es: "Reflector: mirada fija, cabeza de lado a lado (x1)" },
    instructions: {
      en: `Sit about an arm's length from the screen. Turn your head left and right, one turn each time the blue dot reaches an end, and keep your eyes on the centre. A letter E appears there: press the arrow key where it points, or tap that arrow. The beat gets faster as you do well. ${SAFETY.en}`,
      es: `Siéntate a un brazo de distancia de la pantalla. Gira la cabeza a izquierda y derecha, un giro cada vez que el punto azul llega a un extremo, sin dejar de mirar el centro. Allí aparece una letra E: pulsa la flecha hacia donde apunta, o toca esa flecha. El ritmo se acelera cuando lo haces bien. ${SAFETY.es}`,
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { ...STANDARD, mode: "x1", axis: "horizontal", optotype: "tumbling-e" },
  },
  {
    id: "reflector-x1-vertical",
    family: "reflector",
    title: { en: "Reflector: gaze steady, head up and down (x1)", es: "Reflector: mirada fija, cabeza arriba y abajo (x1)" },
    instructions: {
      en: `Sit about an arm's length from the screen. Nod your head up and down, one nod each time the blue dot reaches an end, and keep your eyes on the centre. A letter appears there: press its key (D, H, N or Z), or tap its button. ${SAFETY.en}`,
      es: `Siéntate a un brazo de distancia de la pantalla. Mueve la cabeza arriba y abajo, una vez cada vez que el punto azul llega a un extremo, sin dejar de mirar el centro. Allí aparece una letra: pulsa su tecla (D, H, N o Z), o toca su botón. ${SAFETY.es}`,
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { ...STANDARD, mode: "x1", axis: "vertical", optotype: "letters" },
  },
  {
    id: "reflector-x2-horizontal",
    family: "reflector",
    title: { en: "Reflector: head and letter in opposite ways (x2, side to side)", es: "Reflector: cabeza y letra en sentidos opuestos (x2, de lado a lado)" },
    instructions: {
      en: `Turn your head left and right with the blue dot, one turn a beat. The letter E in the centre moves a little the other way: keep your eyes on it. Press the arrow key where the E points, or tap that arrow. ${SAFETY.en}`,
      es: `Gira la cabeza a izquierda y derecha con el punto azul, un giro por tiempo. La letra E del centro se mueve un poco hacia el otro lado: no dejes de mirarla. Pulsa la flecha hacia donde apunta la E, o toca esa flecha. ${SAFETY.es}`,
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: { min: 1, max: 20, start: 1 },
    params: { ...STANDARD, mode: "x2", axis: "horizontal", optotype: "tumbling-e", bpm: { easy: 50, hard: 120 } },
  },
  {
    id: "reflector-x2-vertical",
    family: "reflector",
    title: { en: "Reflector: head and letter in opposite ways (x2, up and down)", es: "Reflector: cabeza y letra en sentidos opuestos (x2, arriba y abajo)" },
    instructions: {
      en: `Nod your head up and down with the blue dot, one nod a beat. The letter E in the centre moves a little the other way: keep your eyes on it. Press the arrow key where the E points, or tap that arrow. ${SAFETY.en}`,
      es: `Mueve la cabeza arriba y abajo con el punto azul, una vez por tiempo. La letra E del centro se mueve un poco hacia el otro lado: no dejes de mirarla. Pulsa la flecha hacia donde apunta la E, o toca esa flecha. ${SAFETY.es}`,
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: { min: 1, max: 20, start: 1 },
    params: { ...STANDARD, mode: "x2", axis: "vertical", optotype: "tumbling-e", bpm: { easy: 50, hard: 120 } },
  },
  {
    id: "reflector-small-optotype",
    family: "reflector",
    title: { en: "Reflector: small rings while moving (x1)", es: "Reflector: anillos pequeños en movimiento (x1)" },
    instructions: {
      en: `Turn your head left and right with the blue dot and keep your eyes on the ring in the centre. It gets smaller as you do well. Press the arrow key where the ring is open, or tap that arrow. ${SAFETY.en}`,
      es: `Gira la cabeza a izquierda y derecha con el punto azul sin dejar de mirar el anillo del centro. Se hace más pequeño cuando lo haces bien. Pulsa la flecha hacia donde está abierto el anillo, o toca esa flecha. ${SAFETY.es}`,
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: DIFFICULTY,
    params: { ...STANDARD, mode: "x1", axis: "horizontal", optotype: "landolt-c", bpm: { easy: 70, hard: 110 }, sizePx: { easy: 48, hard: 14 } },
  },
  {
    id: "reflector-portrait",
    family: "reflector",
    title: { en: "Reflector: gaze steady on the phone (x1)", es: "Reflector: mirada fija con el móvil (x1)" },
    instructions: {
      en: `Put the phone upright on a table or hold it at arm's length. Turn your head left and right with the blue dot and keep your eyes on the E in the centre. Tap the arrow where the E points. ${SAFETY.en}`,
      es: `Apoya el móvil en vertical sobre una mesa o sujétalo con el brazo estirado. Gira la cabeza a izquierda y derecha con el punto azul sin dejar de mirar la E del centro. Toca la flecha hacia donde apunta la E. ${SAFETY.es}`,
    },
    size: { width: 400, height: 640 },
    defaultDurationSeconds: 150,
    difficulty: DIFFICULTY,
    params: { ...STANDARD, mode: "x1", axis: "horizontal", optotype: "tumbling-e", trials: 30, sizePx: { easy: 80, hard: 48 } },
  },
];
