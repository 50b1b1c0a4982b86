import {
  BOOKING_REFUSALS,
  bookingConfirmSchema,
  bookingMadeSchema,
  bookingMoveSchema,
  bookingRatingInputSchema,
  bookingRequestSchema,
  bookingSlotsQuerySchema,
  bookingSlotsSchema,
  bookingSlugParamSchema,
  bookingTokenParamSchema,
  managedBookingSchema,
  publicBookingServiceSchema,
} from "@clinic/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { users } from "../../db/schema.ts";
import { requireModule } from "../../platform/access.ts";
import { badRequest } from "../../platform/errors.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { freeStarts, variationContext } from "./availability.ts";
import { type BookingMailDeps, manageUrl } from "./booking-mails.ts";
import { managedView, publicService } from "./booking-reads.ts";
import { bookingOfToken, cancelBooking, confirmBooking, createBooking, moveBooking, rateBooking } from "./bookings.service.ts";
import type { BookingDeps } from "./setup.service.ts";

const tags = ["schedule"];
const schedule = requireModule("schedule");
const open = [schedule];

/**
 * The booking app's public calls (issue 35.4): a service's page and free starts, booking as a
 * guest (confirmed by the emailed link) or signed in (confirmed at once), and the client's own
 * booking through its private link: confirm, move or cancel within the clinic's cancellation
 * window, rate once after the visit. No account is needed; the link's secret is the key, and
 * an unknown or forged one answers 404. The module switched off answers 404 to all of them.
 */
export function publicBookingRoutes(parent: FastifyInstance, mails: BookingMailDeps, deps: BookingDeps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = mails.db;

  app.get(
    "/api/schedule/public/services/:slug",
    {
      preValidation: open,
      schema: { tags, summary: "A service's public booking page", params: bookingSlugParamSchema, response: { 200: publicBookingServiceSchema } },
    },
    async (request) => publicService(db, request.params.slug, deps.currency),
  );
  app.get(
    "/api/schedule/public/slots",
    {
      preValidation: open,
      schema: {
        tags,
        summary: "A variation's free starts, for one provider or anyone",
        querystring: bookingSlotsQuerySchema,
        response: { 200: bookingSlotsSchema },
      },
    },
    async (request) => {
      const context = await variationContext(db, request.query.variationId);
      const free = await freeStarts(db, context, request.query.providerId, request.query.from, request.query.to, Date.now());
      return {
        timeZone: context.timeZone,
        slots: free.map((slot) => ({ start: new Date(slot.start).toISOString(), end: new Date(slot.end).toISOString(), providerIds: slot.providerIds })),
      };
    },
  );
  app.post(
    "/api/schedule/public/bookings",
    {
      preValidation: open,
      schema: {
        tags,
        summary: "Book: signed in, confirmed at once; as a guest (name and email), held for an hour until the emailed link confirms it",
        body: bookingRequestSchema,
        response: { 201: bookingMadeSchema },
      },
    },
    async (request, reply) => {
      const actor = request.actor ?? null;
      let client: { userId: string | null; name: string; email: string; phone: string };
      if (actor) {
        const [me] = await db
          .select({ name: personName(users), email: users.email })
          .from(users)
          .where(eq(users.id, actor.id));
        client = { userId: actor.id, name: me?.name ?? actor.email, email: me?.email ?? actor.email, phone: request.body.client?.phone ?? "" };
      } else {
        if (!request.body.client) throw badRequest({ client: [BOOKING_REFUSALS.guestContact] });
        client = { userId: null, ...request.body.client };
      }
      const made = await createBooking(db, mails, request.body, client, { now: Date.now(), createdBy: actor?.id ?? null, guest: actor === null });
      const [provider] = await db
        .select({ id: users.id, name: personName(users) })
        .from(users)
        .where(eq(users.id, made.providerId));
      return reply.status(201).send({
        id: made.id,
        status: made.status,
        start: new Date(made.start).toISOString(),
        end: new Date(made.end).toISOString(),
        provider: provider ?? { id: made.providerId, name: "" },
        // A signed-in client manages it from here; a guest's link is in their email only (it proves the address).
        manageUrl: actor ? manageUrl(mails, made.id) : null,
      });
    },
  );
  app.get(
    "/api/schedule/public/my-booking/:token",
    {
      preValidation: open,
      schema: { tags, summary: "The booking the private link names", params: bookingTokenParamSchema, response: { 200: managedBookingSchema } },
    },
    async (request) => managedView(db, await bookingOfToken(db, request.params.token), deps.currency),
  );
  app.post(
    "/api/schedule/public/my-booking/:token/confirm",
    {
      preValidation: open,
      schema: {
        tags,
        summary: "Confirm a guest's booking with the emailed link's second secret",
        params: bookingTokenParamSchema,
        body: bookingConfirmSchema,
        response: { 200: managedBookingSchema },
      },
    },
    async (request) => {
      const row = await confirmBooking(db, mails, request.params.token, request.body.token);
      return managedView(db, row, deps.currency);
    },
  );
  app.post(
    "/api/schedule/public/my-booking/:token/move",
    {
      preValidation: open,
      schema: {
        tags,
        summary: "Move the booking to another free time (until the cancellation window)",
        params: bookingTokenParamSchema,
        body: bookingMoveSchema,
        response: { 200: managedBookingSchema },
      },
    },
    async (request) => {
      const row = await bookingOfToken(db, request.params.token);
      const moved = await moveBooking(db, mails, row.id, request.body, { clientLink: true });
      return managedView(db, moved, deps.currency);
    },
  );
  app.post(
    "/api/schedule/public/my-booking/:token/cancel",
    {
      preValidation: open,
      schema: { tags, summary: "Cancel the booking (until the cancellation window)", params: bookingTokenParamSchema, response: { 200: managedBookingSchema } },
    },
    async (request) => {
      const row = await bookingOfToken(db, request.params.token);
      await cancelBooking(db, mails, row.id, { clientLink: true });
      return managedView(db, row, deps.currency);
    },
  );
  app.post(
    "/api/schedule/public/my-booking/:token/rating",
    {
      preValidation: open,
      schema: {
        tags,
        summary: "Rate the visit once it took place (once)",
        params: bookingTokenParamSchema,
        body: bookingRatingInputSchema,
        response: { 201: managedBookingSchema },
      },
    },
    async (request, reply) => {
      await rateBooking(db, request.params.token, request.body);
      return reply.status(201).send(await managedView(db, await bookingOfToken(db, request.params.token), deps.currency));
    },
  );
}
