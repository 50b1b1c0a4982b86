import { Stack, ToggleButton, ToggleButtonGroup } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import { lastDays, USAGE_MAX_DAYS, USAGE_QUICK_DAYS, type UsageRange, usageRangeProblem } from "./usage-range.ts";

/**
 * The usage's days: the last 7, 30 or 90 days, or two typed days. A typed pair the server would
 * refuse stays in the fields with the reason, and the screen keeps the last good range.
 */
export function UsageRangeBar({ range, today, onChange }: { range: UsageRange; today: string; onChange: (range: UsageRange) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(range);
  // A new range from outside (a quick range, the address) replaces what the fields hold.
  const [shown, setShown] = useState(range);
  if (shown.from !== range.from || shown.to !== range.to) {
    setShown(range);
    setDraft(range);
  }
  const problem = draft.from && draft.to ? usageRangeProblem(draft) : null;
  const edit = (change: Partial<UsageRange>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    if (next.from && next.to && !usageRangeProblem(next)) onChange(next);
  };
  const active = USAGE_QUICK_DAYS.find((days) => {
    const quick = lastDays(days, today);
    return quick.from === range.from && quick.to === range.to;
  });
  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={2} useFlexGap sx={{ alignItems: { md: "flex-start" }, flexWrap: "wrap" }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={active ?? null}
        aria-label={t("aiAdmin.usage.quick")}
        onChange={(_, days: number | null) => days && onChange(lastDays(days, today))}
      >
        {USAGE_QUICK_DAYS.map((days) => (
          <ToggleButton key={days} value={days} sx={{ px: 1.5 }}>
            {t("aiAdmin.usage.lastDays", { days })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" spacing={2} useFlexGap>
        <DateField
          label={t("aiAdmin.usage.from")}
          size="small"
          value={draft.from}
          onChange={(from) => edit({ from })}
          maxDate={draft.to || undefined}
          sx={{ width: { xs: "50%", sm: 170 } }}
        />
        <DateField
          label={t("aiAdmin.usage.to")}
          size="small"
          value={draft.to}
          onChange={(to) => edit({ to })}
          minDate={draft.from || undefined}
          error={problem !== null}
          helperText={problem ? t(`aiAdmin.usage.problems.${problem}`, { max: USAGE_MAX_DAYS }) : undefined}
          sx={{ width: { xs: "50%", sm: 170 } }}
        />
      </Stack>
    </Stack>
  );
}
