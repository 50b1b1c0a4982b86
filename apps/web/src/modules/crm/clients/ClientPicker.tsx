import type { CrmClient, Paged } from "@clinic/shared";
import { Autocomplete, TextField } from "@mui/material";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSettledText } from "../../../lib/debounce.ts";
import { useResource } from "../../../lib/resource.ts";
import { CLIENTS_KEY, CLIENTS_PATH } from "./api.ts";

interface Option {
  id: number;
  label: string;
}

const optionOf = (client: CrmClient): Option => ({ id: client.id, label: client.email ? `${client.name} (${client.email})` : client.name });

/**
 * Several of the clinic's clients (spec §3 "user (clients, multi-select)"), searched on the
 * server as the user types. The names of clients chosen before (an initiative's, a list's) are
 * asked for by id, so only ids travel in and out. The platform's SearchPicker picks one.
 */
export function ClientPicker(props: { value: number[]; onChange(ids: number[]): void; label: string; error?: string }) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  const [input, setInput] = useState("");
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  const q = useSettledText(input);
  const search = useResource<Paged<CrmClient>>([CLIENTS_KEY, "picker", q], `${CLIENTS_PATH}?rowsPerPage=20${q ? `&q=${encodeURIComponent(q)}` : ""}`, {
    quiet: true,
  });
  // The chosen ids without a name yet: the first hundred are asked for at once.
  const unnamed = value.filter((id) => !known.has(id)).slice(0, 100);
  const named = useResource<Paged<CrmClient>>(
    [CLIENTS_KEY, "picker-ids", unnamed.join(",")],
    unnamed.length > 0 ? `${CLIENTS_PATH}?rowsPerPage=100&ids=${unnamed.join(",")}` : null,
    { quiet: true },
  );
  // Names once learnt are kept, so asking for the next unnamed ids never blanks them.
  const learnt = named.data;
  useEffect(() => {
    if (learnt) setKnown((current) => new Map([...current, ...learnt.data.map((client) => [client.id, optionOf(client).label] as const)]));
  }, [learnt]);
  // The same array until the choice or a name changes: MUI's Autocomplete empties what is being
  // typed whenever its value is a new array, so a fresh one on every render (every key) wiped
  // the search as it was typed.
  const chosenKey = value.join(",");
  const chosen: Option[] = useMemo(
    () =>
      chosenKey
        .split(",")
        .filter(Boolean)
        .map((text) => ({ id: Number(text), label: known.get(Number(text)) ?? `#${text}` })),
    [chosenKey, known],
  );
  const options = (search.data?.data ?? []).map(optionOf);
  return (
    <Autocomplete
      multiple
      options={options}
      value={chosen}
      onChange={(_, next) => {
        setKnown((current) => new Map([...current, ...next.map((option) => [option.id, option.label] as const)]));
        onChange(next.map((option) => option.id));
      }}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        // Choosing one empties the search, as typing a name is how the next is found.
        setInput(reason === "reset" ? "" : text);
      }}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(option) => option.label}
      filterOptions={(all) => all}
      filterSelectedOptions
      disableCloseOnSelect
      loading={search.network.isFetching}
      noOptionsText={t("crmClients.picker.none")}
      loadingText={t("crmClients.picker.loading")}
      renderInput={(params) => <TextField {...params} label={props.label} error={!!props.error} helperText={props.error ?? t("crmClients.picker.hint")} />}
    />
  );
}
