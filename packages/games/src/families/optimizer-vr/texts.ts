/** What Optimizer VR writes (on the page's canvas and on the headset's panel), in both languages. */
import type { Texts } from "../../runtime/types.ts";

export const TEXTS = {
  tunnel1: {
    en: "Look at the middle. Same letter as the one before? Press Space or tap Match.",
    es: "Mira al centro. ¿La misma letra que la anterior? Pulsa Espacio o toca Igual.",
  },
  tunnelN: {
    en: "Look at the middle. Same letter as {n} letters before? Press Space or tap Match.",
    es: "Mira al centro. ¿La misma letra que hace {n} letras? Pulsa Espacio o toca Igual.",
  },
  saccades: {
    en: "Look at the ring. When a disc appears, look at it: which way does its arrow point? ← or →",
    es: "Mira el aro. Cuando aparezca un disco, míralo: ¿hacia dónde apunta su flecha? ← o →",
  },
  pursuit: { en: "Keep the pointer on the ball as it moves", es: "Mantén el puntero sobre la pelota mientras se mueve" },
  pursuitHeadset: { en: "Keep the ball inside the ring as it moves", es: "Mantén la pelota dentro del aro mientras se mueve" },
  getReady: { en: "Get ready…", es: "Prepárate…" },
  match: { en: "Match", es: "Igual" },
  matchKey: { en: "Space", es: "Espacio" },
  left: { en: "← Left", es: "← Izquierda" },
  right: { en: "Right →", es: "Derecha →" },
  enterVr: { en: "Enter VR", es: "Entrar en RV" },
  inHeadset: { en: "Playing in the headset", es: "Jugando en el visor" },
  right_: { en: "Right!", es: "¡Correcto!" },
  wrongWay: { en: "It pointed the other way", es: "Apuntaba al otro lado" },
  tooSlow: { en: "A little faster next time", es: "Un poco más rápido la próxima vez" },
  tooEarly: { en: "Too early: wait for the disc", es: "Demasiado pronto: espera al disco" },
  notMatch: { en: "Not a match", es: "No era igual" },
  missedMatch: { en: "That one matched", es: "Esa era igual" },
  finished: { en: "Finished. Well done!", es: "Terminado. ¡Bien hecho!" },
} satisfies Record<string, Texts>;
