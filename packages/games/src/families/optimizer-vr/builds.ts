/** Optimizer VR's builds: data only (server-safe), checked by `optimizerVrParamsSchema` in catalogue.test.ts. */
import type { OptimizerVrBuild } from "./metrics.ts";

const WIDE = { width: 928, height: 415 };
/** Level 1 is the calmest flow (nearest discs, slowest ball), 20 the most demanding; first sessions start at 5. */
const LEVELS = { min: 1, max: 20, start: 5 };

const HEADSET_EN = "With a VR headset, press Enter VR to play inside it.";
const HEADSET_ES = "Con un visor de realidad virtual, pulsa Entrar en RV para jugar dentro.";

export const optimizerVrBuilds: OptimizerVrBuild[] = [
  {
    id: "optimizer-vr-quick",
    family: "optimizer-vr",
    quick: true,
    title: { en: "Optimizer VR: quick check", es: "Optimizador RV: prueba rápida" },
    instructions: {
      en: `About fifteen seconds in a tunnel that moves gently towards you. Look at the letters in the middle: press Space (or tap Match) when a letter is the same as the one just before. ${HEADSET_EN}`,
      es: `Unos quince segundos en un túnel que avanza suavemente hacia ti. Mira las letras del centro: pulsa Espacio (o toca Igual) cuando una letra sea la misma que la anterior. ${HEADSET_ES}`,
    },
    size: WIDE,
    defaultDurationSeconds: 30,
    difficulty: LEVELS,
    params: { scene: "tunnel", n: 1, trials: 10, matchShare: 0.34, itemMs: 1400, visibleShare: 0.7, flowSpeed: { easy: 0.5, hard: 4 }, ringSpacingM: 1.5 },
  },
  {
    id: "optimizer-vr-tunnel",
    family: "optimizer-vr",
    title: { en: "Optimizer VR: tunnel", es: "Optimizador RV: túnel" },
    instructions: {
      en: `Rings stream towards you as if you were moving through a tunnel. Keep looking at the middle, where letters appear: press Space (or tap Match) when a letter is the same as the one just before. The tunnel speeds up as you do well. Drag to look around. Stop if you feel dizzy. ${HEADSET_EN}`,
      es: `Los anillos vienen hacia ti como si avanzaras por un túnel. Sigue mirando al centro, donde aparecen letras: pulsa Espacio (o toca Igual) cuando una letra sea la misma que la anterior. El túnel acelera cuando lo haces bien. Arrastra para mirar alrededor. Para si te mareas. ${HEADSET_ES}`,
    },
    size: WIDE,
    defaultDurationSeconds: 200,
    difficulty: LEVELS,
    params: { scene: "tunnel", n: 1, trials: 90, matchShare: 0.3, itemMs: 2000, visibleShare: 0.7, flowSpeed: { easy: 0.5, hard: 4 }, ringSpacingM: 1.5 },
  },
  {
    id: "optimizer-vr-tunnel-gentle",
    family: "optimizer-vr",
    title: { en: "Optimizer VR: gentle tunnel", es: "Optimizador RV: túnel suave" },
    instructions: {
      en: `A slow, calm tunnel for the first sessions. Keep looking at the middle, where letters appear: press Space (or tap Match) when a letter is the same as the one just before. Stop if you feel dizzy. ${HEADSET_EN}`,
      es: `Un túnel lento y tranquilo para las primeras sesiones. Sigue mirando al centro, donde aparecen letras: pulsa Espacio (o toca Igual) cuando una letra sea la misma que la anterior. Para si te mareas. ${HEADSET_ES}`,
    },
    size: WIDE,
    defaultDurationSeconds: 150,
    difficulty: { min: 1, max: 10, start: 1 },
    params: { scene: "tunnel", n: 1, trials: 60, matchShare: 0.3, itemMs: 2400, visibleShare: 0.75, flowSpeed: { easy: 0.15, hard: 0.8 }, ringSpacingM: 2 },
  },
  {
    id: "optimizer-vr-tunnel-2back",
    family: "optimizer-vr",
    title: { en: "Optimizer VR: tunnel (2-back)", es: "Optimizador RV: túnel (2 atrás)" },
    instructions: {
      en: `Rings stream towards you through a tunnel. Keep looking at the middle: press Space (or tap Match) when a letter is the same as the one two letters before. The tunnel speeds up as you do well. Stop if you feel dizzy. ${HEADSET_EN}`,
      es: `Los anillos vienen hacia ti por un túnel. Sigue mirando al centro: pulsa Espacio (o toca Igual) cuando una letra sea la misma que la de hace dos letras. El túnel acelera cuando lo haces bien. Para si te mareas. ${HEADSET_ES}`,
    },
    size: WIDE,
    defaultDurationSeconds: 210,
    difficulty: LEVELS,
    params: { scene: "tunnel", n: 2, trials: 80, matchShare: 0.3, itemMs: 2400, visibleShare: 0.75, flowSpeed: { easy: 0.4, hard: 3 }, ringSpacingM: 1.5 },
  },
  {
    id: "optimizer-vr-saccades",
    family: "optimizer-vr",
    title: { en: "Optimizer VR: look and tell", es: "Optimizador RV: mira y di" },
    instructions: {
      en: `Look at the small ring in front of you. A yellow disc appears somewhere around you, near or far, with an arrow that shows only for a moment: look at it quickly and press the left or right arrow key (or tap Left or Right) for the way it points. In a headset, press the trigger of the left or right controller. ${HEADSET_EN}`,
      es: `Mira el pequeño aro que tienes delante. Aparece un disco amarillo en algún lugar a tu alrededor, cerca o lejos, con una flecha que se ve solo un momento: míralo rápido y pulsa la flecha izquierda o derecha del teclado (o toca Izquierda o Derecha) según hacia dónde apunte. En el visor, pulsa el gatillo del mando izquierdo o derecho. ${HEADSET_ES}`,
    },
    size: WIDE,
    defaultDurationSeconds: 180,
    difficulty: LEVELS,
    params: {
      scene: "saccades",
      trials: 60,
      foreperiodMs: { min: 800, max: 1600 },
      responseMs: 2000,
      symbolMs: { easy: 1200, hard: 200 },
      eccentricityDeg: { easy: 10, hard: 40 },
      feedbackMs: 700,
    },
  },
  {
    id: "optimizer-vr-pursuit",
    family: "optimizer-vr",
    title: { en: "Optimizer VR: follow the ball", es: "Optimizador RV: sigue la pelota" },
    instructions: {
      en: `A yellow ball moves around you, coming closer and going further away. Keep the mouse pointer (or your finger) on it. In a headset, turn your head to keep the ball inside the ring. The ball speeds up as you do well. ${HEADSET_EN}`,
      es: `Una pelota amarilla se mueve a tu alrededor, acercándose y alejándose. Mantén el puntero del ratón (o el dedo) sobre ella. En el visor, gira la cabeza para mantener la pelota dentro del aro. La pelota acelera cuando lo haces bien. ${HEADSET_ES}`,
    },
    size: WIDE,
    defaultDurationSeconds: 150,
    difficulty: LEVELS,
    params: { scene: "pursuit", trials: 120, sampleMs: 1000, speedDegPerS: { easy: 8, hard: 45 }, toleranceDeg: 4, depthM: { near: 1.5, far: 5 } },
  },
];
