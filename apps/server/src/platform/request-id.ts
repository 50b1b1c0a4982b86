import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

/** The header a request id travels in, both ways. */
export const REQUEST_ID_HEADER = "x-request-id";

/** What a proxy's id may look like to be kept: short, and nothing a log line or a header could be bent with. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the request's id, which Fastify puts in every log line (`reqId`). A
 * random UUID, or the id the proxy in front sent, only when TRUST_PROXY says there is one and
 * the value is sane: a client talking to the node directly could otherwise choose the id its
 * requests are logged under, or flood the logs with junk in it.
 */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (trustProxy && typeof given === "string" && SANE_REQUEST_ID.test(given)) return given;
    return randomUUID();
  };
}

/** Every answer names its request, so a user's report ("Reference: …") leads to the log lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
