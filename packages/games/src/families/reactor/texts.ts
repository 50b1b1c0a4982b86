/** What Reactor writes on its canvas, in both languages. */
import type { Texts } from "../../runtime/types.ts";

export const TEXTS = {
  promptSimple: { en: "Press Space or tap as soon as the circle appears", es: "Pulsa Espacio o toca en cuanto aparezca el círculo" },
  promptChoice: {
    en: "Press the key of the box where the circle appears, or tap that box",
    es: "Pulsa la tecla de la casilla donde aparece el círculo, o toca esa casilla",
  },
  promptGoNogo: { en: "Circle: press Space or tap. Square: do nothing.", es: "Círculo: pulsa Espacio o toca. Cuadrado: no hagas nada." },
  tooEarly: { en: "Too early: wait for the circle", es: "Demasiado pronto: espera al círculo" },
  tooSlow: { en: "A little faster next time", es: "Un poco más rápido la próxima vez" },
  otherBox: { en: "That was the other box", es: "Era otra casilla" },
  commission: { en: "A square: no need to press", es: "Un cuadrado: no hacía falta pulsar" },
  held: { en: "Well held", es: "Bien, no pulsaste" },
  finished: { en: "Finished. Well done!", es: "Terminado. ¡Bien hecho!" },
} satisfies Record<string, Texts>;
