import { Box, MenuItem, Stack, TextField } from "@mui/material";
import { type ReactNode, useState } from "react";
import { DateField } from "../../lib/components/DateField.tsx";
import { SearchField } from "../../lib/components/SearchField.tsx";

/** The days a quote list is narrowed to by when its quotes were made ("" for no bound). */
export interface QuoteDays {
  from: string;
  to: string;
  setFrom: (day: string) => void;
  setTo: (day: string) => void;
  /** The end typed before the start: the fields keep it, with the reason, and the list ignores the end. */
  reversed: boolean;
  /** What the list and its export are narrowed by. */
  filters: { from: string; to: string };
}

export function useQuoteDays(): QuoteDays {
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const reversed = from !== "" && to !== "" && to < from;
  return { from, to, setFrom, setTo, reversed, filters: { from, to: reversed ? "" : to } };
}

/** The filter bar's texts, translated by the quoter that shows it. */
export interface QuoteFilterTexts {
  /** The bar's accessible name. */
  filters: string;
  search: string;
  state: string;
  allStates: string;
  from: string;
  to: string;
  reversed: string;
}

/**
 * The filter bar of both quoters' quote lists: the search, the state ("" for all), the list's
 * own filters, then the days the quotes were made (and any filter meant after them).
 */
export function QuoteFilters<S extends string>(props: {
  texts: QuoteFilterTexts;
  search: string;
  onSearch: (text: string) => void;
  states: readonly S[];
  stateName: (state: S) => string;
  state: S | "";
  onState: (state: S | "") => void;
  stateWidth: number;
  days: QuoteDays;
  beforeDays?: ReactNode;
  afterDays?: ReactNode;
}) {
  const { texts, days } = props;
  return (
    <Box component="section" aria-label={texts.filters}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "flex-start" } }}>
        <SearchField label={texts.search} value={props.search} onChange={props.onSearch} width={260} />
        <TextField
          select
          size="small"
          label={texts.state}
          value={props.state}
          onChange={(event) => props.onState(event.target.value as S | "")}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: "100%", sm: props.stateWidth } }}
        >
          <MenuItem value="">{texts.allStates}</MenuItem>
          {props.states.map((one) => (
            <MenuItem key={one} value={one}>
              {props.stateName(one)}
            </MenuItem>
          ))}
        </TextField>
        {props.beforeDays}
        <DateField
          label={texts.from}
          size="small"
          value={days.from}
          onChange={days.setFrom}
          maxDate={days.to || undefined}
          sx={{ width: { xs: "100%", sm: 170 } }}
        />
        <DateField
          label={texts.to}
          size="small"
          value={days.to}
          onChange={days.setTo}
          minDate={days.from || undefined}
          error={days.reversed}
          helperText={days.reversed ? texts.reversed : undefined}
          sx={{ width: { xs: "100%", sm: 170 } }}
        />
        {props.afterDays}
      </Stack>
    </Box>
  );
}
