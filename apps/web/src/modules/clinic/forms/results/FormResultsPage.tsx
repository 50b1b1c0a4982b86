import type { FormAssignment } from "@clinic/shared";
import { Card, CardContent, Stack, Typography } from "@mui/material";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DateField } from "../../../../lib/components/DateField.tsx";
import { SearchField } from "../../../../lib/components/SearchField.tsx";
import { useSettledText } from "../../../../lib/debounce.ts";
import { useResource } from "../../../../lib/resource.ts";
import { ExportButtons } from "../../../../lib/components/ExportButtons.tsx";
import { RESULTS_EXPORT_PATH, RESULTS_KEY, RESULTS_PATH } from "./api.ts";
import { changeFilters, isFiltered, NO_FILTERS, parseResultFilters, rangeInverted, type ResultFilters, resultFiltersSearch, resultsQuery } from "./filters.ts";
import { FormFilter, PatientFilter, useFormOption, usePatientOption } from "./Pickers.tsx";
import { ResultsTable } from "./ResultsTable.tsx";

/** `GET /api/resolved-dynamic-forms/`: spec §3 has `page` carry the total, as `total` does. */
interface ResultsPage {
  data: FormAssignment[];
  page: number;
  total: number;
}

/** The filters as the address holds them, and a way to change some (replacing the entry: typing is no history). */
function useAddressFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseResultFilters(searchParams);
  const update = (change: Partial<ResultFilters>) =>
    setSearchParams((current) => resultFiltersSearch(changeFilters(parseResultFilters(current), change)), { replace: true });
  return { filters, update };
}

/**
 * The search box's text: typed freely, written to the address once the typing pauses, and
 * replaced when the address changes from elsewhere (clearing the filters, going back).
 */
function useSearchText(q: string, update: (change: Partial<ResultFilters>) => void) {
  const [text, setText] = useState(q);
  const settled = useSettledText(text);
  const [shown, setShown] = useState(q);
  if (q !== shown) {
    setShown(q);
    if (settled !== q) setText(q);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: only settled typing writes the address.
  useEffect(() => {
    if (settled !== q) update({ q: settled });
  }, [settled]);
  return [text, setText] as const;
}

/**
 * formResults (spec §2 "form results", issue 17): the submitted forms in the staff member's
 * scope, filtered by text, days, patient and form, each opening its answers and score. The
 * filters live in the address so a list can be linked; the exports follow them.
 */
export function FormResultsPage() {
  const { t } = useTranslation();
  const headingId = useId();
  const { filters, update } = useAddressFilters();
  const [text, setText] = useSearchText(filters.q, update);
  const query = resultsQuery(filters);
  const params = new URLSearchParams({ page: String(filters.page), rowsPerPage: String(filters.rowsPerPage) });
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const { data, network } = useResource<ResultsPage>([RESULTS_KEY, params.toString()], `${RESULTS_PATH}?${params}`);
  const rows = data?.data;
  const patient = usePatientOption(filters.patient, rows?.find((row) => row.patient.id === filters.patient)?.patient.name);
  const form = useFormOption(filters.form, rows?.find((row) => row.formId === filters.form)?.formName);
  const inverted = rangeInverted(filters);
  const title = t("formResults.title");

  // A linked page past the end (fewer results now): the last page that has some.
  const pastEnd = data !== undefined && data.data.length === 0 && filters.page > 1;
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / filters.rowsPerPage));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an empty page past the end moves it.
  useEffect(() => {
    if (pastEnd) update({ page: Math.min(lastPage, filters.page - 1) });
  }, [pastEnd]);

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          <ExportButtons
            kind="formResults"
            path={RESULTS_EXPORT_PATH}
            search={query.q ?? ""}
            filters={{ since: query.since, to: query.to, patient: query.patient, form: query.form }}
            label={t("formResults.export")}
          />
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: "wrap", alignItems: { sm: "flex-start" } }}>
          <SearchField label={t("formResults.filters.search")} value={text} onChange={setText} width={240} />
          <PatientFilter value={patient} onChange={(option) => update({ patient: option?.id ?? "" })} />
          <FormFilter value={form} onChange={(option) => update({ form: option ? Number(option.id) : null })} />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap>
            <DateField
              label={t("formResults.filters.since")}
              size="small"
              value={filters.since}
              onChange={(since) => update({ since })}
              maxDate={filters.to || undefined}
              sx={{ width: { xs: "100%", sm: 170 } }}
            />
            <DateField
              label={t("formResults.filters.to")}
              size="small"
              value={filters.to}
              onChange={(to) => update({ to })}
              minDate={filters.since || undefined}
              error={inverted}
              helperText={inverted ? t("dynamicForms.messages.sinceAfterTo") : undefined}
              sx={{ width: { xs: "100%", sm: 170 } }}
            />
          </Stack>
        </Stack>
        <ResultsTable
          rows={rows}
          total={data?.total ?? 0}
          page={filters.page}
          rowsPerPage={filters.rowsPerPage}
          loading={network.isFetching}
          filtered={isFiltered(filters)}
          search={filters.q}
          label={title}
          onPage={(page) => update({ page })}
          onRowsPerPage={(rowsPerPage) => update({ rowsPerPage })}
          onClear={() => update({ ...NO_FILTERS, rowsPerPage: filters.rowsPerPage })}
        />
      </CardContent>
    </Card>
  );
}
