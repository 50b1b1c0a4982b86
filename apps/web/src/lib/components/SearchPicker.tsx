import type { Paged } from "@clinic/shared";
import { Autocomplete, type SxProps, TextField } from "@mui/material";
import { useState } from "react";
import { useSettledText } from "../debounce.ts";
import { useResource } from "../resource.ts";

export interface PickerOption {
  id: string;
  label: string;
}

/**
 * One row of a paged list, searched on the server as the user types (`&q=`): clinics, patients…
 * `path` is the list's address with its fixed query (it must already hold a `?`).
 */
export function SearchPicker<Row>(props: {
  path: string;
  queryKey: readonly unknown[];
  toOption: (row: Row) => PickerOption;
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
  label: string;
  noOptionsText: string;
  error?: string;
  required?: boolean;
  size?: "small" | "medium";
  sx?: SxProps;
}) {
  const { value, error } = props;
  const [input, setInput] = useState("");
  const q = useSettledText(input);
  const path = `${props.path}${q && q !== value?.label ? `&q=${encodeURIComponent(q)}` : ""}`;
  const { data, network } = useResource<Paged<Row>>([...props.queryKey, path], path);
  const options = (data?.data ?? []).map(props.toOption);
  return (
    <Autocomplete
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_, option) => props.onChange(option)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      filterOptions={(all) => all}
      loading={network.isFetching}
      noOptionsText={props.noOptionsText}
      size={props.size}
      sx={props.sx}
      renderInput={(params) => <TextField {...params} label={props.label} required={props.required} error={!!error} helperText={error} />}
    />
  );
}
