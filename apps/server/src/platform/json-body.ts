import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.ts";

/**
 * Deeper than any form or game result sends. A body nested thousands deep parses, but then
 * overflows the stack of whatever walks it next (a validator, `JSON.stringify` on its way to
 * better-auth): a 500 for what is plainly bad input.
 */
export const JSON_MAX_DEPTH = 64;

/** Whether a JSON text nests arrays and objects more than `limit` deep (brackets inside strings do not count). */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character, a quote included
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth++;
      if (depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * The JSON body parser: Fastify's own (with its prototype-poisoning refusals), except that an
 * empty body is no body and that nesting past JSON_MAX_DEPTH is a 400. Many clients set
 * `Content-Type: application/json` on every call, a DELETE or a bodiless POST too; a route
 * that needs a body still says so through its schema.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text === "") return done(null, undefined);
    if (jsonNestsDeeperThan(text, JSON_MAX_DEPTH)) return done(badRequest(`The JSON body is nested more than ${JSON_MAX_DEPTH} levels deep.`), undefined);
    parseJson(request, text, done);
  });
}
