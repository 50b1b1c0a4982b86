/** What Evaluator writes on its canvas, in both languages. */
import type { Texts } from "../../runtime/types.ts";

export const TEXTS = {
  finished: { en: "Finished. Thank you!", es: "Terminado. ¡Gracias!" },
  // Reaction time
  promptReaction: { en: "Press Space or tap as soon as the circle appears", es: "Pulsa Espacio o toca en cuanto aparezca el círculo" },
  tooEarly: { en: "Too early: wait for the circle", es: "Demasiado pronto: espera al círculo" },
  tooSlow: { en: "A little faster next time", es: "Un poco más rápido la próxima vez" },
  // Vertical
  promptVertical: {
    en: "Turn the line until it looks straight up and down, then press Enter or OK",
    es: "Gira la línea hasta que la veas recta de arriba abajo y pulsa Enter u OK",
  },
  saved: { en: "Saved", es: "Guardado" },
  // Acuity
  promptAcuity: {
    en: "Which way do the arms of the E point? Press that arrow or tap it",
    es: "¿Hacia dónde apuntan los brazos de la E? Pulsa esa flecha o tócala",
  },
  whichWay: { en: "Which way?", es: "¿Hacia dónde?" },
  right: { en: "Right", es: "Bien" },
  wrong: { en: "Not this time", es: "Esta vez no" },
  noAnswer: { en: "Have a guess next time", es: "La próxima vez, intenta adivinar" },
  tooEarlyE: { en: "Too early: wait for the E", es: "Demasiado pronto: espera a la E" },
  // Span
  watch: { en: "Watch", es: "Mira" },
  yourTurnPositions: {
    en: "Your turn: tap the squares in the same order (or press their letters)",
    es: "Tu turno: toca los cuadros en el mismo orden (o pulsa sus letras)",
  },
  yourTurnTap: { en: "Your turn: tap the squares in the same order", es: "Tu turno: toca los cuadros en el mismo orden" },
  yourTurnDigits: { en: "Your turn: type the numbers in the same order (or tap them)", es: "Tu turno: escribe los números en el mismo orden (o tócalos)" },
  correct: { en: "Correct!", es: "¡Correcto!" },
  notQuite: { en: "Not quite", es: "No del todo" },
  timeUp: { en: "Time's up", es: "Se acabó el tiempo" },
  length: { en: "Length", es: "Longitud" },
} satisfies Record<string, Texts>;
