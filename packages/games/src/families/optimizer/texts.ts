/** What Optimizer writes on its canvas, in both languages. */
import type { Texts } from "../../runtime/types.ts";

export const TEXTS = {
  leadIn: { en: "Put the pointer on the circle and follow it", es: "Pon el puntero sobre el círculo y síguelo" },
  leadInTouch: { en: "Put your finger on the circle and follow it", es: "Pon el dedo sobre el círculo y síguelo" },
  nbackLetters1: {
    en: "Follow the circle. Same letter as the one before? Press Space or tap Match.",
    es: "Sigue el círculo. ¿La misma letra que la anterior? Pulsa Espacio o toca Igual.",
  },
  nbackLettersN: {
    en: "Follow the circle. Same letter as {n} letters before? Press Space or tap Match.",
    es: "Sigue el círculo. ¿La misma letra que hace {n} letras? Pulsa Espacio o toca Igual.",
  },
  nbackLettersTouch: {
    en: "Keep a finger on the circle. Same letter as the one before? Tap Match.",
    es: "Mantén un dedo en el círculo. ¿La misma letra que la anterior? Toca Igual.",
  },
  nbackPositions1: {
    en: "Look at each dot. Same square as the one before? Press Space or tap Match.",
    es: "Mira cada punto. ¿La misma casilla que el anterior? Pulsa Espacio o toca Igual.",
  },
  nbackPositionsN: {
    en: "Look at each dot. Same square as {n} dots before? Press Space or tap Match.",
    es: "Mira cada punto. ¿La misma casilla que hace {n} puntos? Pulsa Espacio o toca Igual.",
  },
  memoryWatch: { en: "Follow the circle and remember its numbers", es: "Sigue el círculo y recuerda sus números" },
  memoryRecall: { en: "Type the numbers in order (keys 1–9 or tap them)", es: "Escribe los números en orden (teclas 1–9 o tócalos)" },
  match: { en: "Match", es: "Igual" },
  matchKey: { en: "Space", es: "Espacio" },
  right: { en: "Right!", es: "¡Correcto!" },
  itWas: { en: "It was", es: "Era" },
  missedMatch: { en: "That one matched", es: "Esa era igual" },
  notMatch: { en: "Not a match", es: "No era igual" },
  tooFast: { en: "Too fast", es: "Demasiado rápido" },
  finished: { en: "Finished. Well done!", es: "Terminado. ¡Bien hecho!" },
} satisfies Record<string, Texts>;
