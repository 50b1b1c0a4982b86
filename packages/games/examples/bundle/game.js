// An example of an uploaded game bundle (packages/games/BUNDLES.md): three rounds of
// "press when it says Now!", then the result goes to the play page through the bridge.
const nonce = new URLSearchParams(location.hash.slice(1)).get("nonce");
const ROUNDS = 3;
const button = document.getElementById("target");
const status = document.getElementById("status");
const startedAt = performance.now();
const trials = [];
let shownAt = null;
let round = 0;

function nextRound() {
  shownAt = null;
  button.textContent = "Wait…";
  button.classList.remove("now");
  setTimeout(
    () => {
      shownAt = performance.now();
      button.textContent = "Now!";
      button.classList.add("now");
    },
    400 + Math.random() * 600,
  );
}

function finish() {
  const score = trials.filter((trial) => trial.correct).length * 10;
  button.disabled = true;
  button.textContent = "Done";
  status.textContent = `Well done: ${score} points.`;
  // The page names the assignment; the bundle only says what happened, with the nonce it was given.
  parent.postMessage(
    { type: "clinic:result", version: 1, nonce, score, maxScore: ROUNDS * 10, durationMs: Math.round(performance.now() - startedAt), trials },
    "*",
  );
}

button.addEventListener("click", () => {
  if (round === 0 && trials.length === 0 && button.textContent === "Start") {
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
