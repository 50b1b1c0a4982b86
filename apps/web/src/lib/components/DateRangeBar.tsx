import { STATISTICS_QUICK_RANGES, type StatisticsQuickRange } from "@clinic/shared";
import { Stack, ToggleButton, ToggleButtonGroup } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { activeQuickRange, type DayRange, quickRange, rangeProblem } from "../date-range.ts";
import { DateField } from "./DateField.tsx";

/**
 * The range of days a screen shows (both statistics screens): a quick range (today, 7, 30, 90 days, since the first record) or two
 * typed days. A typed pair that the server would refuse (the end before the start, over five
 * years) stays in the fields with the reason, and the screen keeps the last good range.
 */
export function DateRangeBar(props: { range: DayRange; today: string; firstDay?: string | null; onChange: (range: DayRange) => void }) {
  const { t } = useTranslation();
  const { range, today, firstDay } = props;
  const [draft, setDraft] = useState(range);
  // A new range from outside (a quick range, the address) replaces what the fields hold.
  const [shown, setShown] = useState(range);
  if (shown.since !== range.since || shown.to !== range.to) {
    setShown(range);
    setDraft(range);
  }
  const problem = draft.since && draft.to ? rangeProblem(draft) : null;
  const edit = (change: Partial<DayRange>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    // An unfinished day is "" (DateField): nothing to show yet.
    if (next.since && next.to && !rangeProblem(next)) props.onChange(next);
  };
  const active = activeQuickRange(range, today, firstDay, STATISTICS_QUICK_RANGES);
  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={2} useFlexGap sx={{ alignItems: { md: "flex-start" }, flexWrap: "wrap" }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={active}
        aria-label={t("dateRange.quick")}
        onChange={(_, quick: StatisticsQuickRange | null) => quick && props.onChange(quickRange(quick, today, firstDay))}
        sx={{ flexWrap: "wrap" }}
      >
        {STATISTICS_QUICK_RANGES.map((quick) => (
          <ToggleButton key={quick} value={quick} sx={{ px: 1.5 }}>
            {t(`dateRange.ranges.${quick}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" spacing={2} useFlexGap>
        <DateField
          label={t("dateRange.since")}
          size="small"
          value={draft.since}
          onChange={(since) => edit({ since })}
          maxDate={draft.to || undefined}
          sx={{ width: { xs: "50%", sm: 170 } }}
        />
        <DateField
          label={t("dateRange.to")}
          size="small"
          value={draft.to}
          onChange={(to) => edit({ to })}
          minDate={draft.since || undefined}
          error={problem !== null}
          helperText={problem ? t(`dateRange.messages.${problem}`) : undefined}
          sx={{ width: { xs: "50%", sm: 170 } }}
        />
      </Stack>
    </Stack>
  );
}
