import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import { Alert, Box, Button, IconButton, LinearProgress, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { formatZonedTime } from "../shared/format.ts";
import { PUBLIC_SLOTS_KEY, publicSlots } from "./api.ts";
import { addDays, datesBetween, dateLabel, type FreeSlot, lastBookableDay, shownDay, slotsByDay, todayIn, WEEK_DAYS, weekFrom, weekLabel } from "./slots.ts";
import { zoneLabel } from "../../../lib/zoned-time.ts";

interface SlotPickerProps {
  variationId: number;
  /** One provider's free times, or anyone's (null). */
  providerId: string | null;
  /** The zone the client reads times in. */
  timeZone: string;
  /** The location's zone: the dates the server takes are its dates. */
  locationZone: string;
  /** How many days ahead bookings open; null when unknown (the server still cuts the list there). */
  windowDays: number | null;
  value: FreeSlot | null;
  onChange: (slot: FreeSlot) => void;
  /** Why the server refused the chosen time: said here, by the times. */
  refusal: string | null;
}

/**
 * A week of a variation's free times: a strip of the week's days (those without free times
 * disabled), then the chosen day's times as buttons, all in the client's zone, which it names.
 * Earlier and Later move by a week, a date field jumps, both within the booking window.
 */
export function SlotPicker({ variationId, providerId, timeZone, locationZone, windowDays, value, onChange, refusal }: SlotPickerProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const stripId = useId();
  const timesId = useId();
  const today = todayIn(locationZone);
  const last = windowDays === null ? null : lastBookableDay(today, windowDays);
  const [from, setFrom] = useState(today);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const week = weekFrom(from, last);
  const slots = useQuery({
    queryKey: [PUBLIC_SLOTS_KEY, variationId, providerId, week.from, week.to],
    queryFn: ({ signal }) => publicSlots({ variationId, providerId, from: week.from, to: week.to }, signal),
  });
  const days = slotsByDay(slots.data?.slots ?? [], timeZone, datesBetween(week.from, week.to));
  const shown = shownDay(days, chosenDay);
  const goTo = (date: string) => {
    const clamped = date < today ? today : last !== null && date > last ? last : date;
    setFrom(clamped);
    setChosenDay(clamped);
  };
  const canGoBack = week.from > today;
  const canGoOn = last === null || week.to < last;

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {timeZone === locationZone
          ? t("bookingPublic.slots.zone", { zone: zoneLabel(timeZone) })
          : t("bookingPublic.slots.zoneDiffers", { zone: zoneLabel(timeZone), location: zoneLabel(locationZone) })}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between" }}>
          <IconButton aria-label={t("bookingPublic.slots.earlier")} disabled={!canGoBack} onClick={() => goTo(addDays(week.from, -WEEK_DAYS))}>
            <ChevronLeft />
          </IconButton>
          <Typography component="p" aria-live="polite" sx={{ fontWeight: 600, textAlign: "center" }}>
            {weekLabel(week.from, week.to, language)}
          </Typography>
          <IconButton aria-label={t("bookingPublic.slots.later")} disabled={!canGoOn} onClick={() => goTo(addDays(week.from, WEEK_DAYS))}>
            <ChevronRight />
          </IconButton>
        </Stack>
        <DateField
          label={t("bookingPublic.slots.goTo")}
          value={from}
          onChange={(date) => date && goTo(date)}
          minDate={today}
          maxDate={last ?? undefined}
          size="small"
          sx={{ width: { xs: "100%", sm: 200 } }}
        />
      </Stack>
      {refusal ? (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      ) : null}
      <Box sx={{ height: 4 }}>{slots.isFetching ? <LinearProgress aria-label={t("bookingPublic.slots.loading")} /> : null}</Box>
      {slots.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void slots.refetch()}>
              {t("bookingPublic.slots.retry")}
            </Button>
          }
        >
          {t("bookingPublic.slots.failed")}
        </Alert>
      ) : null}
      <Box>
        <Typography id={stripId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t("bookingPublic.slots.days")}
        </Typography>
        <Box role="group" aria-labelledby={stripId} sx={{ display: "grid", gridTemplateColumns: `repeat(${WEEK_DAYS}, minmax(0, 1fr))`, gap: 0.5 }}>
          {days.map((day) => {
            const selected = day.date === shown?.date;
            return (
              <Button
                key={day.date}
                variant={selected ? "contained" : "outlined"}
                aria-pressed={selected}
                disabled={day.slots.length === 0}
                onClick={() => setChosenDay(day.date)}
                sx={{ minWidth: 0, px: 0, py: 0.75, flexDirection: "column", lineHeight: 1.2, textTransform: "none" }}
              >
                <Box component="span" sx={{ fontSize: "0.75rem" }}>
                  {dateLabel(day.date, language, "weekday")}
                </Box>
                <Box component="span" sx={{ fontSize: "1.05rem", fontWeight: 700 }}>
                  {" "}
                  {dateLabel(day.date, language, "day")}
                </Box>
                {/* The name starts with what the button shows (WCAG 2.5.3), then says how many times are free. */}
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {t("bookingPublic.slots.freeCount", { count: day.slots.length })}
                </Box>
              </Button>
            );
          })}
        </Box>
      </Box>
      {slots.isSuccess && !shown ? <Typography color="text.secondary">{t("bookingPublic.slots.none")}</Typography> : null}
      {shown ? (
        <Box>
          <Typography id={timesId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t("bookingPublic.slots.times", { day: dateLabel(shown.date, language, "long") })}
          </Typography>
          <Box role="group" aria-labelledby={timesId} sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(96px, 1fr))", gap: 1 }}>
            {shown.slots.map((slot) => {
              const selected = value?.start === slot.start;
              return (
                <Button
                  key={slot.start}
                  variant={selected ? "contained" : "outlined"}
                  aria-pressed={selected}
                  onClick={() => onChange(slot)}
                  sx={{ whiteSpace: "nowrap" }}
                >
                  {formatZonedTime(slot.start, timeZone, language)}
                </Button>
              );
            })}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}
