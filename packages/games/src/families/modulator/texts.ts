/** What Modulator writes on its canvas, in both languages. */
import type { Texts } from "../../runtime/types.ts";

export const TEXTS = {
  prompt: { en: "Press Space or tap when you see", es: "Pulsa Espacio o toca cuando veas" },
  ratingQuestion: { en: "How dizzy or unwell do you feel right now?", es: "¿Cuánto mareo o malestar sientes ahora?" },
  ratingHint: {
    en: "Tap a number or press its key (0–9). Arrows and Enter also work.",
    es: "Toca un número o pulsa su tecla (0–9). También sirven las flechas y Enter.",
  },
  ratingLow: { en: "0 = fine", es: "0 = bien" },
  ratingHigh: { en: "10 = very bad", es: "10 = muy mal" },
  thanks: { en: "Thank you", es: "Gracias" },
  hit: { en: "Yes, that one", es: "Sí, esa" },
  commission: { en: "Not that one", es: "Esa no era" },
  omission: { en: "That was the one", es: "Esa era" },
  tooEarly: { en: "Wait for the shape", es: "Espera a la figura" },
  finished: { en: "Finished. Well done!", es: "Terminado. ¡Bien hecho!" },
} satisfies Record<string, Texts>;
