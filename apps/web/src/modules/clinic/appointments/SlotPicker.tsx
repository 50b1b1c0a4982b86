import type { Slot } from "@clinic/shared";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import { Box, IconButton, LinearProgress, Stack, Tooltip, Typography } from "@mui/material";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import { DaysAndTimes } from "../../../lib/components/DaysAndTimes.tsx";
import { formatTime, slotsByDay } from "./format.ts";

export const SLOT_WINDOW_DAYS = 14;

interface SlotPickerProps {
  /** The first day shown (`YYYY-MM-DD`); the picker shows two weeks from it. */
  from: string;
  today: string;
  onFrom: (day: string) => void;
  slots: readonly Slot[] | undefined;
  loading: boolean;
  day: string | null;
  onDay: (day: string) => void;
  value: Slot | null;
  onChange: (slot: Slot) => void;
}

/**
 * Two weeks of a service's free times: the days that have some, then the times of the chosen
 * day as buttons (`hh:mm a`, the viewer's time zone). Earlier and Later move by two weeks.
 */
export function SlotPicker({ from, today, onFrom, slots, loading, day, onDay, value, onChange }: SlotPickerProps) {
  const { t, i18n } = useTranslation();
  const days = slotsByDay(slots ?? []);
  const chosen = days.find((entry) => entry.date === day) ?? days[0] ?? null;
  const move = (weeks: number) => {
    const next = dayjs(from).add(weeks * 7, "day");
    onFrom(next.isBefore(today) ? today : next.format("YYYY-MM-DD"));
  };
  const dayLabel = (date: string) =>
    dayjs(date)
      .locale(i18n.language === "es" ? "es" : "en")
      .format("ddd D MMM");

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <DateField
          label={t("appointments.request.from")}
          value={from}
          onChange={(next) => next && onFrom(next < today ? today : next)}
          minDate={today}
          size="small"
        />
        <Tooltip title={t("appointments.request.earlier")}>
          <span>
            <IconButton aria-label={t("appointments.request.earlier")} disabled={from <= today} onClick={() => move(-2)}>
              <ChevronLeft />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t("appointments.request.later")}>
          <IconButton aria-label={t("appointments.request.later")} onClick={() => move(2)}>
            <ChevronRight />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ height: 4 }}>{loading ? <LinearProgress aria-label={t("appointments.loading")} /> : null}</Box>
      {slots && days.length === 0 ? <Typography color="text.secondary">{t("appointments.request.noSlots")}</Typography> : null}
      <DaysAndTimes
        daysTitle={t("appointments.request.days")}
        days={days.map((entry) => ({
          date: entry.date,
          label: dayLabel(entry.date),
          spoken: t("appointments.request.dayNamed", { day: dayLabel(entry.date), date: entry.date, count: entry.slots.length }),
        }))}
        chosenDate={chosen?.date ?? null}
        onDay={onDay}
        timesTitle={chosen ? t("appointments.request.times", { date: chosen.date }) : ""}
        times={(chosen?.slots ?? []).map((slot) => ({
          key: slot.start,
          label: formatTime(slot.start),
          selected: value?.start === slot.start,
          onPick: () => onChange(slot),
        }))}
      />
    </Stack>
  );
}
