import type { ProductQuoteCatalogueItem } from "@clinic/shared";
import { Autocomplete, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSettledText } from "../../../lib/debounce.ts";
import { formatMoney } from "../../../lib/money.ts";
import { useResource } from "../../../lib/resource.ts";
import { CATALOGUE_KEY, CATALOGUE_PATH } from "./api.ts";

/** The catalogue's address for a search (and, for a platform admin, the quote's clinic). */
export function cataloguePath(search: string, clinicId: string | null): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (clinicId) params.set("clinicId", clinicId);
  const query = params.toString();
  return query ? `${CATALOGUE_PATH}?${query}` : CATALOGUE_PATH;
}

/**
 * A line's item, searched on the server as the user types: the clinic's shop products and
 * bundles, booking services and membership plans, grouped by kind, each with its price. The
 * server answers at most 50; typing narrows them.
 */
export function CataloguePicker(props: {
  value: ProductQuoteCatalogueItem | null;
  onChange: (item: ProductQuoteCatalogueItem | null) => void;
  clinicId: string | null;
  label: string;
  error?: string;
  /** Admins name the clinic first: until then there is no catalogue to search. */
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { value } = props;
  const [input, setInput] = useState("");
  const search = useSettledText(input);
  const path = props.disabled ? null : cataloguePath(search && search !== value?.description ? search : "", props.clinicId);
  const { data, network } = useResource<ProductQuoteCatalogueItem[]>([CATALOGUE_KEY, path], path, { quiet: true });
  const options = data ?? [];
  const same = (a: ProductQuoteCatalogueItem, b: ProductQuoteCatalogueItem) => a.kind === b.kind && a.refId === b.refId;
  return (
    <Autocomplete
      options={value && !options.some((option) => same(option, value)) ? [value, ...options] : options}
      value={value}
      onChange={(_, item) => props.onChange(item)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      isOptionEqualToValue={same}
      getOptionLabel={(item) => item.description}
      getOptionKey={(item) => `${item.kind}:${item.refId}`}
      groupBy={(item) => t(`productQuoter.kinds.${item.kind}`)}
      renderOption={({ key, ...rest }, item) => (
        <li key={key} {...rest}>
          {item.description}
          {` · ${formatMoney(item.unitCents, item.currency, i18n.language)}`}
        </li>
      )}
      filterOptions={(all) => all}
      loading={network.isFetching}
      disabled={props.disabled}
      noOptionsText={network.error ? t("productQuoter.editor.catalogueFailed") : t("productQuoter.editor.catalogueEmpty")}
      loadingText={t("productQuoter.editor.catalogueLoading")}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required
          error={!!props.error}
          helperText={props.error ?? (props.disabled ? t("productQuoter.editor.clinicFirst") : t("productQuoter.editor.catalogueHint"))}
        />
      )}
    />
  );
}
