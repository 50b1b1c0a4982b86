import type { BookingSlots } from "@clinic/shared";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import { Alert, Box, IconButton, LinearProgress, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import { DaysAndTimes } from "../../../lib/components/DaysAndTimes.tsx";
import { addDays, todayOf } from "../../../lib/date-range.ts";
import { useResource } from "../../../lib/resource.ts";
import { formatZonedTime } from "../shared/format.ts";
import { SLOTS_KEY, slotsPath } from "./api.ts";
import { SLOT_WINDOW_DAYS, shortDay, slotsByDay } from "./booking-days.ts";

export type FreeSlot = BookingSlots["slots"][number];

/** A free time as chosen: its slot and the zone its wall-clock time is in (the location's). */
export interface ChosenTime {
  slot: FreeSlot;
  timeZone: string;
}

/**
 * A variation's free times, two weeks at a time from a chosen day: the days that have some,
 * then the chosen day's times as buttons, written in the location's zone (said above them).
 * Booking for a client and moving a booking both choose with it.
 */
export function DayTimePicker(props: {
  variationId: number;
  /** One provider's times, or anyone's (null). */
  providerId: string | null;
  value: ChosenTime | null;
  onChange: (chosen: ChosenTime | null) => void;
  /** The server's refusal of the chosen time, translated. */
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const today = todayOf();
  const [from, setFrom] = useState(today);
  const [day, setDay] = useState<string | null>(null);
  const to = addDays(from, SLOT_WINDOW_DAYS - 1);
  const path = slotsPath(props.variationId, props.providerId, from, to);
  const { data, network } = useResource<BookingSlots>([...SLOTS_KEY, path], path);
  const days = data ? slotsByDay(data.slots, data.timeZone) : [];
  const chosen = days.find((entry) => entry.date === day) ?? days[0] ?? null;
  const go = (next: string) => {
    setFrom(next < today ? today : next);
    setDay(null);
  };

  return (
    <Stack spacing={2} component="section" aria-label={t("bookingWork.picker.label")}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <DateField
          label={t("bookingWork.picker.from")}
          value={from}
          onChange={(next) => next && go(next)}
          minDate={today}
          size="small"
          sx={{ flex: 1, maxWidth: 200 }}
        />
        <IconButton aria-label={t("bookingWork.picker.earlier")} disabled={from <= today} onClick={() => go(addDays(from, -SLOT_WINDOW_DAYS))}>
          <ChevronLeft />
        </IconButton>
        <IconButton aria-label={t("bookingWork.picker.later")} onClick={() => go(addDays(from, SLOT_WINDOW_DAYS))}>
          <ChevronRight />
        </IconButton>
      </Stack>
      <Box sx={{ height: 4 }}>{network.isFetching ? <LinearProgress aria-label={t("bookingWork.picker.loading")} /> : null}</Box>
      {data ? (
        <Typography variant="body2" color="text.secondary">
          {t("bookingWork.picker.zone", { zone: data.timeZone, from, to })}
        </Typography>
      ) : null}
      {data && days.length === 0 ? <Typography>{t("bookingWork.picker.none")}</Typography> : null}
      <DaysAndTimes
        daysTitle={t("bookingWork.picker.days")}
        days={days.map((entry) => ({
          date: entry.date,
          label: shortDay(entry.date, language),
          spoken: t("bookingWork.picker.dayNamed", { day: shortDay(entry.date, language), count: entry.items.length }),
        }))}
        chosenDate={chosen && data ? chosen.date : null}
        onDay={setDay}
        timesTitle={chosen ? t("bookingWork.picker.times", { day: shortDay(chosen.date, language) }) : ""}
        times={(data ? (chosen?.items ?? []) : []).map((slot) => {
          const selected = props.value?.slot.start === slot.start;
          return {
            key: slot.start,
            label: formatZonedTime(slot.start, (data as BookingSlots).timeZone, language),
            selected,
            onPick: () => props.onChange(selected ? null : { slot, timeZone: (data as BookingSlots).timeZone }),
          };
        })}
      />
      {props.error ? <Alert severity="error">{props.error}</Alert> : null}
    </Stack>
  );
}
