/** What Activator writes on its canvas, in both languages. */
import type { Texts } from "../../runtime/types.ts";

export const TEXTS = {
  promptArrows: {
    en: "Look at the dot. When it jumps, read the arrow and press that arrow key, or tap its button.",
    es: "Mira el punto. Cuando salte, lee la flecha y pulsa esa tecla de flecha, o toca su botón.",
  },
  promptLetters: {
    en: "Look at the dot. When it jumps, read the letter and press its key, or tap its button.",
    es: "Mira el punto. Cuando salte, lee la letra y pulsa su tecla, o toca su botón.",
  },
  promptTouch: {
    en: "Look at the dot. When it jumps, read what it shows and tap that button.",
    es: "Mira el punto. Cuando salte, lee lo que muestra y toca ese botón.",
  },
  itWas: { en: "It was", es: "Era" },
  tooEarly: { en: "Too early: wait for the jump", es: "Demasiado pronto: espera al salto" },
  tooSlow: { en: "No answer: try to answer a little sooner", es: "Sin respuesta: intenta responder un poco antes" },
  finished: { en: "Finished. Well done!", es: "Terminado. ¡Bien hecho!" },
} satisfies Record<string, Texts>;
