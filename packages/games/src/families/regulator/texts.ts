/** What Regulator writes on its canvas, in both languages. */
import type { Texts } from "../../runtime/types.ts";

export const TEXTS = {
  prompt: {
    en: "Follow the yellow dot with the mouse or your finger, keeping on it.",
    es: "Sigue el punto amarillo con el ratón o con el dedo, sin separarte de él.",
  },
  ready: { en: "Put the pointer on the dot: it starts moving in a moment.", es: "Pon el puntero sobre el punto: empezará a moverse enseguida." },
  onTarget: { en: "On the dot last stretch:", es: "Sobre el punto en el último tramo:" },
  finished: { en: "Finished. Well done!", es: "Terminado. ¡Bien hecho!" },
} satisfies Record<string, Texts>;
