import { daysBetween, isRealDate, STATISTICS_MAX_DAYS, STATISTICS_QUICK_RANGES, type StatisticsQuickRange } from "@clinic/shared";
import { Stack, ToggleButton, ToggleButtonGroup } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "./DateField.tsx";

const DAY_MS = 86_400_000;
/** Today as the statistics count days: in UTC, as the server does. */
export const utcToday = (): string => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The days a quick range covers, ending today. `all` starts at `firstDay` (the first record),
 * today when there is none, and five years back when the screen does not know it.
 */
export function quickRange(range: StatisticsQuickRange, firstDay?: string | null, today = utcToday()): { since: string; to: string } {
  if (range === "today") return { since: today, to: today };
  if (range === "all") {
    if (firstDay === undefined) return { since: daysBefore(today, STATISTICS_MAX_DAYS - 1), to: today };
    return { since: firstDay && firstDay < today ? firstDay : today, to: today };
  }
  return { since: daysBefore(today, Number(range) - 1), to: today };
}

/** What is wrong with a typed range, in the contract's terms; null when it can be asked for. */
function rangeProblem(since: string, to: string): "since" | "order" | "length" | null {
  if (!isRealDate(since) || !isRealDate(to)) return "since";
  if (since > to) return "order";
  if (daysBetween(since, to) > STATISTICS_MAX_DAYS) return "length";
  return null;
}

/**
 * The statistics screens' range: quick ranges (today, 7, 30, 90 days, all) and the two days
 * typed or picked. `onChange` hears only ranges the API accepts (real days, in order, at most
 * five years); a range being typed stays here, its field marked, until it is one.
 */
export function DateRangeBar({
  since,
  to,
  onChange,
  firstDay,
}: {
  since: string;
  to: string;
  onChange: (since: string, to: string) => void;
  firstDay?: string | null;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ since, to });
  const [shown, setShown] = useState({ since, to });
  // A range set from outside (a quick range, the address) replaces what was typed.
  if (shown.since !== since || shown.to !== to) {
    setShown({ since, to });
    setDraft({ since, to });
  }
  const today = utcToday();
  const selected = STATISTICS_QUICK_RANGES.find((range) => {
    const days = quickRange(range, firstDay, today);
    return days.since === since && days.to === to;
  });
  const problem = draft.since === "" || draft.to === "" ? null : rangeProblem(draft.since, draft.to);
  const change = (next: { since: string; to: string }) => {
    setDraft(next);
    if (rangeProblem(next.since, next.to) === null) onChange(next.since, next.to);
  };

  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={2} useFlexGap sx={{ alignItems: { md: "flex-start" }, flexWrap: "wrap" }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={selected ?? null}
        onChange={(_, range: StatisticsQuickRange | null) => {
          if (range) change(quickRange(range, firstDay, today));
        }}
        aria-label={t("dateRange.quick")}
        sx={{ flexWrap: "wrap" }}
      >
        {STATISTICS_QUICK_RANGES.map((range) => (
          <ToggleButton key={range} value={range} sx={{ px: 1.5 }}>
            {t(`dateRange.ranges.${range}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" spacing={2} useFlexGap>
        <DateField
          label={t("dateRange.since")}
          size="small"
          value={draft.since}
          onChange={(day) => change({ ...draft, since: day })}
          maxDate={draft.to || undefined}
          sx={{ flex: { xs: 1, sm: "none" }, width: { sm: 170 }, minWidth: 0 }}
        />
        <DateField
          label={t("dateRange.to")}
          size="small"
          value={draft.to}
          onChange={(day) => change({ ...draft, to: day })}
          minDate={draft.since || undefined}
          error={problem === "order" || problem === "length"}
          helperText={problem === "order" ? t("dateRange.sinceAfterTo") : problem === "length" ? t("dateRange.tooLong") : undefined}
          sx={{ flex: { xs: 1, sm: "none" }, width: { sm: 170 }, minWidth: 0 }}
        />
      </Stack>
    </Stack>
  );
}
