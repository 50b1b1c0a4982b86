/** What Reflector writes on its canvas, in both languages. */
import type { Texts } from "../../runtime/types.ts";

export const TEXTS = {
  moveHorizontal: {
    en: "Turn your head side to side with the dot, eyes on the centre.",
    es: "Gira la cabeza de lado a lado con el punto, mirando al centro.",
  },
  moveVertical: {
    en: "Nod your head up and down with the dot, eyes on the centre.",
    es: "Mueve la cabeza arriba y abajo con el punto, mirando al centro.",
  },
  answerE: { en: "Press the arrow where the E points, or tap it.", es: "Pulsa la flecha hacia donde apunta la E, o tócala." },
  answerC: { en: "Press the arrow where the C is open, or tap it.", es: "Pulsa la flecha hacia donde se abre la C, o tócala." },
  answerLetters: { en: "Press the letter's key, or tap its button.", es: "Pulsa la tecla de la letra, o toca su botón." },
  leadIn: { en: "Follow the beat", es: "Sigue el ritmo" },
  right: { en: "Right!", es: "¡Bien!" },
  wrongWas: { en: "It was", es: "Era" },
  noAnswer: { en: "No answer: keep going", es: "Sin respuesta: sigue" },
  tooEarly: { en: "Too quick: read it first", es: "Muy rápido: léela antes" },
  finished: { en: "Finished. Well done!", es: "Terminado. ¡Bien hecho!" },
} satisfies Record<string, Texts>;
