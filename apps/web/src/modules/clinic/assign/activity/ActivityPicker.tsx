import type { Activity, ActivityType, Paged } from "@clinic/shared";
import { Autocomplete, Chip, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSettledText } from "../../../../lib/debounce.ts";
import { useResource } from "../../../../lib/resource.ts";

export type ActivityOption = Pick<Activity, "id" | "name" | "type">;
/** Narrows the picker: one type, and/or only activities of nutrition categories (nutritionPlans). */
export type ActivityFilter = { type?: ActivityType; nutrition?: boolean };

interface ActivityPickerProps<Multiple extends boolean> {
  multiple: Multiple;
  label: string;
  value: Multiple extends true ? ActivityOption[] : ActivityOption | null;
  onChange: (value: Multiple extends true ? ActivityOption[] : ActivityOption | null) => void;
  error?: string;
  size?: "small" | "medium";
  filter?: ActivityFilter;
}

/** Activities of the caller's catalogue, searched by name on the server as one types. */
export function ActivityPicker<Multiple extends boolean>({ multiple, label, value, onChange, error, size, filter = {} }: ActivityPickerProps<Multiple>) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const settled = useSettledText(input);
  const params = new URLSearchParams({ rowsPerPage: "25", name: "name" });
  if (settled) params.set("value", settled);
  if (filter.type) params.set("type", filter.type);
  if (filter.nutrition !== undefined) params.set("nutrition", String(filter.nutrition));
  const { data, network } = useResource<Paged<Activity>>(["activities", "picker", params.toString()], `/api/activities/?${params}`);
  const options: ActivityOption[] = (data?.data ?? []).map(({ id, name, type }) => ({ id, name, type }));
  return (
    <Autocomplete
      multiple={multiple}
      size={size}
      options={options}
      value={value as never}
      loading={network.isFetching}
      filterOptions={(list) => list}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.name}
      onChange={(_, chosen) => onChange(chosen as never)}
      onInputChange={(_, text, reason) => {
        if (reason !== "reset") setInput(text);
      }}
      noOptionsText={t("assignActivity.noActivities")}
      loadingText={t("assignActivity.loading")}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <span style={{ flex: 1 }}>{option.name}</span>
            <Chip size="small" variant="outlined" label={t(`activities.types.${option.type}`)} sx={{ ml: 1 }} />
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error} />}
    />
  );
}
