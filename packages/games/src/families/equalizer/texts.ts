/** What Equalizer writes on its canvas, in both languages. */
import type { Texts } from "../../runtime/types.ts";

export const TEXTS = {
  promptSimple: {
    en: "Keep your eyes on the cross. Press Space or tap as soon as a circle appears.",
    es: "Mantén la mirada en la cruz. Pulsa Espacio o toca en cuanto aparezca un círculo.",
  },
  promptChoice: {
    en: "Keep your eyes on the cross. Circle on the left: ← or F. On the right: → or J. Or tap that side.",
    es: "Mantén la mirada en la cruz. Círculo a la izquierda: ← o F. A la derecha: → o J. O toca ese lado.",
  },
  promptDistractors: {
    en: "Eyes on the cross. Only the yellow circle counts: left ← or F, right → or J, or tap its side.",
    es: "Mirada en la cruz. Solo cuenta el círculo amarillo: izquierda ← o F, derecha → o J, o toca su lado.",
  },
  promptTouchSimple: {
    en: "Keep your eyes on the cross. Tap the screen as soon as a circle appears.",
    es: "Mantén la mirada en la cruz. Toca la pantalla en cuanto aparezca un círculo.",
  },
  promptTouchChoice: {
    en: "Keep your eyes on the cross. Tap the side where the yellow circle appears.",
    es: "Mantén la mirada en la cruz. Toca el lado donde aparece el círculo amarillo.",
  },
  otherSide: { en: "That was the other side", es: "Era el otro lado" },
  tooEarly: { en: "Too early: wait for the circle", es: "Demasiado pronto: espera al círculo" },
  tooSlow: { en: "A little faster next time", es: "Un poco más rápido la próxima vez" },
  finished: { en: "Finished. Well done!", es: "Terminado. ¡Bien hecho!" },
} satisfies Record<string, Texts>;
