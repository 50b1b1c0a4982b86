import { Box, Button, Typography } from "@mui/material";
import { useId } from "react";

export interface DayChoice {
  date: string;
  /** What the day's button shows ("Thu 3 Dec"). */
  label: string;
  /** What it says to a screen reader (the day and how many free times). */
  spoken: string;
}

export interface TimeChoice {
  key: string;
  label: string;
  selected: boolean;
  onPick: () => void;
}

/**
 * The days that have free times as buttons, then the chosen day's times as buttons: the one way
 * every screen that books a time shows them (a patient's request, staff booking or moving a
 * booking of the booking app). Each group is named by its heading.
 */
export function DaysAndTimes(props: {
  daysTitle: string;
  days: readonly DayChoice[];
  chosenDate: string | null;
  onDay: (date: string) => void;
  timesTitle: string;
  times: readonly TimeChoice[];
}) {
  const daysId = useId();
  const timesId = useId();
  return (
    <>
      {props.days.length ? (
        <Box>
          <Typography id={daysId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {props.daysTitle}
          </Typography>
          <Box role="group" aria-labelledby={daysId} sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            {props.days.map((day) => {
              const selected = day.date === props.chosenDate;
              return (
                <Button
                  key={day.date}
                  size="small"
                  variant={selected ? "contained" : "outlined"}
                  aria-pressed={selected}
                  aria-label={day.spoken}
                  onClick={() => props.onDay(day.date)}
                  sx={{ textTransform: "none" }}
                >
                  {day.label}
                </Button>
              );
            })}
          </Box>
        </Box>
      ) : null}
      {props.chosenDate ? (
        <Box>
          <Typography id={timesId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {props.timesTitle}
          </Typography>
          <Box role="group" aria-labelledby={timesId} sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(104px, 1fr))", gap: 1 }}>
            {props.times.map((time) => (
              <Button
                key={time.key}
                size="small"
                variant={time.selected ? "contained" : "outlined"}
                aria-pressed={time.selected}
                onClick={time.onPick}
                sx={{ textTransform: "none" }}
              >
                {time.label}
              </Button>
            ))}
          </Box>
        </Box>
      ) : null}
    </>
  );
}
