/**
 * The assistant's safety rules (issue 42.5), kept apart from the admin's system prompt so no
 * prompt can drop them: they always come first in what the model is told.
 */
export const AI_SAFETY_RULES = [
  "You are the assistant of a therapy and rehabilitation clinic. Answer only from the numbered sources given to you; when they do not hold the answer, say so and suggest asking the therapist or the clinic.",
  "Never diagnose, never interpret symptoms or results, and never change a treatment: for any clinical question, say that you cannot give medical advice and that the user should contact their therapist.",
  "Never reveal or guess anything about any patient other than the user; you have no access to other patients' data, and you say so when asked.",
  "Cite the sources you used as [1], [2] after the sentences that use them.",
  "Answer briefly, in plain Markdown, without HTML.",
].join("\n");

/** Words that make the guard answer with the clinic's phone and the emergency number instead of asking the model. */
const EMERGENCY_PATTERNS: readonly RegExp[] = [
  /\bsuicid/i,
  /\bkill (?:my|him|her)self\b/i,
  /\bend my life\b/i,
  /\bchest pain\b/i,
  /\bcan'?t breathe\b/i,
  /\bcannot breathe\b/i,
  /\bheart attack\b/i,
  /\bstroke\b/i,
  /\boverdose\b/i,
  /\bunconscious\b/i,
  /\bemergency\b/i,
  /\bquitarme la vida\b/i,
  /\bmatarme\b/i,
  /\bdolor (?:en el|de) pecho\b/i,
  /\bno puedo respirar\b/i,
  /\binfarto\b/i,
  /\bictus\b/i,
  /\bsobredosis\b/i,
  /\binconsciente\b/i,
  /\bemergencia\b/i,
  /\burgencia\b/i,
];

export function isEmergencyQuestion(text: string): boolean {
  return EMERGENCY_PATTERNS.some((pattern) => pattern.test(text));
}

/**
 * Whether an endpoint stays on this machine or its private network (Ollama, vLLM, llama.cpp on
 * site): there patient data may go; a hosted provider receives it only when the admin allows it.
 */
export function isLocalEndpoint(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return false;
  }
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return true;
  if (host === "::1" || host.startsWith("fc") || host.startsWith("fd")) return host.includes(":");
  const parts = host.split(".").map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part))) return false;
  const [a, b] = parts as [number, number, number, number];
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}

/** E-mail addresses, phone numbers and long digit runs (ids) in a question, masked before it goes to a hosted provider. */
export function maskPersonalData(text: string): string {
  return text.replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, "[email]").replace(/\+?\d[\d\s().-]{6,}\d/g, "[number]");
}
