import { BOOKING_LIMITS, type BookingStatus, type ManagedBooking, type PublicBookingService } from "@clinic/shared";
import { Alert, Box, Button, Chip, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Rating, Stack, TextField, Typography } from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation, useNavigate, useParams } from "react-router";
import { ApiError } from "../../../lib/api.ts";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useAction } from "../../../lib/resource.ts";
import { bookingText, formatZoned, formatZonedTime } from "../shared/format.ts";
import {
  cancelMyBooking,
  confirmMyBooking,
  MY_BOOKING_KEY,
  moveMyBooking,
  myBooking,
  PUBLIC_SERVICE_KEY,
  PUBLIC_SLOTS_KEY,
  publicService,
  rateMyBooking,
} from "./api.ts";
import { PublicLayout } from "./PublicLayout.tsx";
import { Details, PageSection, Summary, Unavailable } from "../../../lib/components/PublicPageParts.tsx";
import { SlotPicker } from "./SlotPicker.tsx";
import { type FreeSlot, placeRefusal } from "./slots.ts";
import { zoneLabel } from "../../../lib/zoned-time.ts";
import { formatMoney } from "../../../lib/money.ts";

const STATUS_COLOR: Record<BookingStatus, "default" | "warning" | "success" | "error" | "info"> = {
  pending: "warning",
  confirmed: "success",
  cancelled: "default",
  completed: "info",
  no_show: "error",
};

/**
 * /schedule/app/my-booking/:token (public): a booking by the private link its emails carry. With
 * `?confirm=` (a guest's confirmation link) it confirms first and says how that went; then it
 * shows the booking, lets the client move or cancel it until the cancellation window, and rate
 * the visit once it took place (`#rate`, the rating email's link, goes straight there).
 */
export function MyBookingPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const key = [MY_BOOKING_KEY, token];
  // Read once: the address drops it as soon as the confirmation is asked for.
  const [confirmSecret] = useState(() => new URLSearchParams(location.search).get("confirm"));
  const confirm = useMutation<ManagedBooking, unknown>({
    mutationFn: () => confirmMyBooking(token, confirmSecret ?? ""),
    onSuccess: (confirmed) => client.setQueryData(key, confirmed),
  });
  const asked = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is confirmed once, when the page opens.
  useEffect(() => {
    if (!confirmSecret || asked.current) return;
    asked.current = true;
    confirm.mutate();
    navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
  }, []);
  const confirming = confirmSecret !== null && !confirm.isSuccess && !confirm.isError;
  const booking = useQuery<ManagedBooking, ApiError>({
    queryKey: key,
    queryFn: ({ signal }) => myBooking(token, signal),
    enabled: !confirming,
    staleTime: 30_000,
  });
  const invalid = booking.error && (booking.error.status === 404 || booking.error.status === 400);

  return (
    <PublicLayout serviceName={booking.data?.service.name ?? null}>
      {booking.data ? (
        <Stack spacing={3}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
            {t("bookingPublic.mine.title")}
          </Typography>
          {confirm.isSuccess ? (
            <Alert severity="success" role="status">
              {t("bookingPublic.mine.confirmedNow")}
            </Alert>
          ) : confirm.isError && booking.data.status === "confirmed" ? (
            // The link opened again: it did its work the first time.
            <Alert severity="success" role="status">
              {t("bookingPublic.mine.confirmedAlready")}
            </Alert>
          ) : confirm.isError ? (
            <Alert severity="warning" role="status">
              {confirmRefusal(confirm.error, t)}
            </Alert>
          ) : null}
          <ManageBooking token={token} booking={booking.data} />
        </Stack>
      ) : invalid ? (
        <Unavailable title={t("bookingPublic.mine.invalidTitle")} text={t("bookingPublic.mine.invalid")} />
      ) : booking.error ? (
        <Unavailable title={t("bookingPublic.page.failedTitle")} text={t("bookingPublic.mine.failed")} onRetry={() => void booking.refetch()} />
      ) : (
        <Loading />
      )}
    </PublicLayout>
  );
}

/** Why the confirmation link did not confirm, in the client's language. */
function confirmRefusal(failure: unknown, t: ReturnType<typeof useTranslation>["t"]): string {
  if (failure instanceof ApiError && typeof failure.body.detail === "string") return bookingText(t, failure.body.detail);
  if (failure instanceof ApiError && failure.status === 400) return t("bookingShared.refusals.linkUnknown");
  return t("bookingPublic.mine.confirmFailed");
}

function ManageBooking({ token, booking }: { token: string; booking: ManagedBooking }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const location = useLocation();
  const [moving, setMoving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const client = useQueryClient();
  const key = [MY_BOOKING_KEY, token];
  const active = booking.status === "pending" || booking.status === "confirmed";
  const changeable = active && booking.changeableUntil !== null && Date.parse(booking.changeableUntil) > Date.now();
  const zone = booking.timeZone;
  const cancel = useAction(() => cancelMyBooking(token), {
    success: t("bookingPublic.mine.cancelled"),
    onSuccess: (result) => {
      client.setQueryData(key, result);
      setCancelling(false);
    },
    onFailure: () => setCancelling(false),
  });

  return (
    <>
      <PageSection title={t("bookingPublic.mine.details")}>
        <Box sx={{ mb: 2 }}>
          <Chip
            label={t(`bookingShared.statuses.${booking.status}`)}
            color={STATUS_COLOR[booking.status]}
            variant={booking.status === "cancelled" ? "outlined" : "filled"}
          />
        </Box>
        <Details>
          <Summary label={t("bookingPublic.done.what")} value={`${booking.service.name} · ${booking.variation.name}`} />
          <Summary label={t("bookingPublic.done.with")} value={booking.provider.name} />
          <Summary
            label={t("bookingPublic.done.when")}
            value={
              <>
                {`${formatZoned(booking.start, zone, language)}–${formatZonedTime(booking.end, zone, language)} (${zoneLabel(zone)})`}
                {zone !== booking.location.timeZone ? (
                  <Box component="span" sx={{ display: "block", color: "text.secondary" }}>
                    {t("bookingPublic.mine.atLocation", {
                      when: formatZoned(booking.start, booking.location.timeZone, language),
                      zone: zoneLabel(booking.location.timeZone),
                    })}
                  </Box>
                ) : null}
              </>
            }
          />
          <Summary label={t("bookingPublic.done.where")} value={[booking.location.name, booking.location.address].filter(Boolean).join(", ")} />
          <Summary label={t("bookingShared.appointmentType")} value={t(`bookingShared.appointmentTypes.${booking.appointmentType}`)} />
          <Summary label={t("bookingPublic.mine.price")} value={formatMoney(booking.priceCents, booking.currency, language)} />
        </Details>
        {booking.status === "pending" ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t("bookingPublic.mine.pendingHint")}
          </Alert>
        ) : null}
        {changeable && booking.changeableUntil ? (
          <>
            <Typography sx={{ mt: 2 }}>{t("bookingPublic.mine.changeableUntil", { until: formatZoned(booking.changeableUntil, zone, language) })}</Typography>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 2 }}>
              <Button variant="contained" onClick={() => setMoving(true)} disabled={moving}>
                {t("bookingPublic.mine.change")}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setCancelling(true)}>
                {t("bookingPublic.mine.cancel")}
              </Button>
            </Stack>
          </>
        ) : active && Date.parse(booking.start) > Date.now() ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t("bookingPublic.mine.callClinic")}
          </Alert>
        ) : null}
        {booking.status === "cancelled" ? (
          <Button component={RouterLink} to={`/schedule/app/booking/${booking.service.slug}`} variant="outlined" sx={{ mt: 2 }}>
            {t("bookingPublic.mine.bookAgain")}
          </Button>
        ) : null}
      </PageSection>
      {moving && changeable ? <MoveBooking token={token} booking={booking} onClose={() => setMoving(false)} /> : null}
      <RatingSection token={token} booking={booking} asked={location.hash === "#rate"} />
      <ConfirmDialog
        open={cancelling}
        title={t("bookingPublic.mine.cancelTitle")}
        text={t("bookingPublic.mine.cancelText", { when: formatZoned(booking.start, zone, language) })}
        confirmLabel={t("bookingPublic.mine.cancelConfirm")}
        dismissLabel={t("bookingPublic.mine.keepBooking")}
        destructive
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined)}
        onCancel={() => setCancelling(false)}
      />
    </>
  );
}

/** Choosing another free time of the same variation, with the same provider or anyone. */
function MoveBooking({ token, booking, onClose }: { token: string; booking: ManagedBooking; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const providerLegend = useId();
  const [sameProvider, setSameProvider] = useState(true);
  const [slot, setSlot] = useState<FreeSlot | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const section = useRef<HTMLDivElement>(null);
  // Braces: newer browsers answer scrollIntoView with a promise, which React would take for a clean-up.
  useEffect(() => {
    section.current?.scrollIntoView({ block: "start" });
  }, []);
  // The service's page knows how far ahead bookings open; a service no longer offered leaves that to the server.
  const service = useQuery<PublicBookingService, ApiError>({
    queryKey: [PUBLIC_SERVICE_KEY, booking.service.slug],
    queryFn: ({ signal }) => publicService(booking.service.slug, signal),
    retry: false,
  });
  const providerId = sameProvider ? booking.provider.id : null;
  const move = useAction((chosen: FreeSlot) => moveMyBooking(token, { start: chosen.start, providerId }), {
    success: t("bookingPublic.mine.moved"),
    onSuccess: (result) => {
      client.setQueryData([MY_BOOKING_KEY, token], result);
      void client.invalidateQueries({ queryKey: [PUBLIC_SLOTS_KEY] });
      onClose();
    },
    onFailure: (failure) => {
      const placed = placeRefusal(failure);
      const reason = placed.time ?? (failure instanceof ApiError && typeof failure.body.detail === "string" ? failure.body.detail : null);
      if (reason) setRefusal(bookingText(t, reason));
      setSlot(null);
      void client.invalidateQueries({ queryKey: [PUBLIC_SLOTS_KEY] });
    },
  });
  const submit = () => {
    if (!slot) return setRefusal(t("bookingPublic.book.chooseTime"));
    setRefusal(null);
    move.mutate(slot);
  };

  return (
    <Box ref={section} sx={{ scrollMarginTop: 16 }}>
      <PageSection title={t("bookingPublic.move.title")}>
        <Stack spacing={2}>
          {booking.providers.length > 1 ? (
            <FormControl>
              <FormLabel id={providerLegend}>{t("bookingPublic.move.provider")}</FormLabel>
              <RadioGroup
                aria-labelledby={providerLegend}
                value={sameProvider ? "same" : "anyone"}
                onChange={(event) => {
                  setSameProvider(event.target.value === "same");
                  setSlot(null);
                  setRefusal(null);
                }}
              >
                <FormControlLabel value="same" control={<Radio />} label={t("bookingPublic.move.same", { name: booking.provider.name })} />
                <FormControlLabel value="anyone" control={<Radio />} label={t("bookingShared.anyone")} />
              </RadioGroup>
            </FormControl>
          ) : null}
          {service.isPending ? (
            <Loading />
          ) : (
            <SlotPicker
              variationId={booking.variation.id}
              providerId={providerId}
              timeZone={booking.timeZone}
              locationZone={booking.location.timeZone}
              windowDays={service.data?.windowDays ?? null}
              value={slot}
              onChange={(next) => {
                setSlot(next);
                setRefusal(null);
              }}
              refusal={refusal}
            />
          )}
          <Typography aria-live="polite">
            {slot
              ? t("bookingPublic.move.summary", { when: formatZoned(slot.start, booking.timeZone, i18n.language), zone: zoneLabel(booking.timeZone) })
              : t("bookingPublic.book.noTime")}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <Button variant="contained" onClick={submit} disabled={move.isPending}>
              {t("bookingPublic.move.submit")}
            </Button>
            <Button onClick={onClose}>{t("bookingPublic.move.keep")}</Button>
          </Stack>
        </Stack>
      </PageSection>
    </Box>
  );
}

/** The visit's rating: the form once it took place, a thank-you once rated. */
function RatingSection({ token, booking, asked }: { token: string; booking: ManagedBooking; asked: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const legendId = useId();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [scoreError, setScoreError] = useState<string | null>(null);
  const section = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked) section.current?.scrollIntoView({ block: "start" });
  }, [asked]);
  const rate = useAction(() => rateMyBooking(token, { score: score ?? 0, comment: comment.trim() }), {
    success: t("bookingPublic.rate.thanksNotice"),
    onSuccess: (result) => {
      client.setQueryData([MY_BOOKING_KEY, token], result);
    },
    onFieldErrors: (fields) => {
      const message = fields.score?.[0] ?? fields.comment?.[0];
      if (message) setScoreError(bookingText(t, message));
    },
  });
  const starLabel = (value: number) => t("bookingPublic.rate.stars", { count: value });

  if (booking.rating) {
    return (
      <Box ref={section}>
        <PageSection title={t("bookingPublic.rate.score")}>
          <Typography sx={{ mb: 1 }}>{t("bookingPublic.rate.thanks")}</Typography>
          <Rating value={booking.rating.score} readOnly getLabelText={starLabel} />
          {booking.rating.comment ? <Typography sx={{ mt: 1, whiteSpace: "pre-line" }}>{booking.rating.comment}</Typography> : null}
        </PageSection>
      </Box>
    );
  }
  if (!booking.ratable) {
    if (!asked) return null;
    const visitAhead = (booking.status === "pending" || booking.status === "confirmed") && Date.parse(booking.end) > Date.now();
    return (
      <Box ref={section}>
        <PageSection title={t("bookingPublic.rate.title")}>
          <Typography>{visitAhead ? t("bookingShared.refusals.rateTooSoon") : t("bookingShared.refusals.notRatable")}</Typography>
        </PageSection>
      </Box>
    );
  }
  return (
    <Box ref={section}>
      <PageSection title={t("bookingPublic.rate.title")}>
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            if (!score) return setScoreError(t("bookingShared.messages.score"));
            setScoreError(null);
            rate.mutate(undefined);
          }}
        >
          <Typography>{t("bookingPublic.rate.intro")}</Typography>
          <FormControl component="fieldset" error={!!scoreError}>
            <FormLabel component="legend" id={legendId}>
              {t("bookingPublic.rate.score")}
            </FormLabel>
            <Rating
              name="score"
              size="large"
              value={score}
              onChange={(_, value) => {
                setScore(value);
                setScoreError(null);
              }}
              getLabelText={starLabel}
              emptyLabelText={t("bookingPublic.rate.empty")}
              // Empty stars dark enough to see against white (WCAG 1.4.11).
              sx={{ mt: 1, "& .MuiRating-iconEmpty": { color: "text.secondary" } }}
            />
            {scoreError ? (
              <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
                {scoreError}
              </Typography>
            ) : null}
          </FormControl>
          <TextField
            label={t("bookingPublic.rate.comment")}
            multiline
            minRows={3}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            helperText={t("bookingPublic.rate.commentHint", { max: BOOKING_LIMITS.commentMax })}
            slotProps={{ htmlInput: { maxLength: BOOKING_LIMITS.commentMax } }}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={rate.isPending}>
              {t("bookingPublic.rate.submit")}
            </Button>
          </Box>
        </Stack>
      </PageSection>
    </Box>
  );
}
