// An example of an uploaded game bundle (packages/games/BUNDLES.md): three rounds of
// "press when it says Now!", then the result goes to the play page through the bridge.
const given = new URLSearchParams(location.hash.slice(1));
const nonce = given.get("nonce");
const TEXTS = {
  en: {
    intro: "Press the button as soon as it says “Now!”. Three rounds.",
    start: "Start",
    wait: "Wait…",
    now: "Now!",
    done: "Done",
    score: (n) => `Well done: ${n} points.`,
  },
  es: {
    intro: "Pulsa el botón en cuanto diga «¡Ya!». Tres rondas.",
    start: "Empezar",
    wait: "Espera…",
    now: "¡Ya!",
    done: "Hecho",
    score: (n) => `¡Bien hecho! ${n} puntos.`,
  },
};
const text = TEXTS[given.get("lang")] ?? TEXTS.en;
const ROUNDS = 3;
const button = document.getElementById("target");
const status = document.getElementById("status");
const startedAt = performance.now();
const trials = [];
let shownAt = null;
let round = 0;
document.documentElement.lang = given.get("lang") === "es" ? "es" : "en";
status.textContent = text.intro;
button.textContent = text.start;

function nextRound() {
  shownAt = null;
  button.textContent = text.wait;
  button.classList.remove("now");
  setTimeout(
    () => {
      shownAt = performance.now();
      button.textContent = text.now;
      button.classList.add("now");
    },
    400 + Math.random() * 600,
  );
}

function finish() {
  const score = trials.filter((trial) => trial.correct).length * 10;
  button.disabled = true;
  button.textContent = text.done;
  status.textContent = text.score(score);
  // The page names the assignment; the bundle only says what happened, with the nonce it was given.
  parent.postMessage(
    { type: "clinic:result", version: 1, nonce, score, maxScore: ROUNDS * 10, durationMs: Math.round(performance.now() - startedAt), trials },
    "*",
  );
}

button.addEventListener("click", () => {
  if (round === 0) {
    round = 1;
    return nextRound();
  }
  const now = performance.now();
  const early = shownAt === null;
  trials.push({
    correct: !early,
    rtMs: early ? null : Math.round(now - shownAt),
    shownAt: Math.round((early ? now : shownAt) - startedAt),
  });
  if (round >= ROUNDS) return finish();
  round += 1;
  nextRound();
});
// Ready: the button answers from now on.
button.disabled = false;
