import type { FormAssignment } from "@clinic/shared";
import { Box, Button, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { ListLoading, ListPagination } from "../../../../lib/components/ListPagination.tsx";
import { formatDateTime } from "../../../../lib/dates.ts";
import { resultScreen } from "./api.ts";
import { formatNumber, formatRange } from "./format.ts";
import { ResultStateChip } from "./StateChip.tsx";
import { emptyListText } from "../../../../lib/empty-list.ts";

interface Column {
  key: string;
  title: string;
  cell: (row: FormAssignment) => ReactNode;
  align?: "right";
}

export interface ResultsTableProps {
  rows: FormAssignment[] | undefined;
  total: number;
  page: number;
  rowsPerPage: number;
  loading: boolean;
  filtered: boolean;
  /** The search the rows answer: nothing matching it is said with it quoted. */
  search: string;
  label: string;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
  onClear: () => void;
}

/**
 * The submitted forms, one server page at a time, newest submission first. Each row opens the
 * result (its date is the link; a click anywhere on the row does the same). On a phone the
 * table keeps its columns and scrolls sideways inside a focusable region.
 */
export function ResultsTable(props: ResultsTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = i18n.language;
  const columns: Column[] = [
    {
      key: "submitted",
      title: t("formResults.columns.submitted"),
      cell: (row) => (
        <Link component={RouterLink} to={resultScreen(row.id)} sx={{ fontWeight: 500, whiteSpace: "nowrap" }} onClick={(event) => event.stopPropagation()}>
          {formatDateTime(row.submittedAt)}
        </Link>
      ),
    },
    { key: "patient", title: t("formResults.columns.patient"), cell: (row) => row.patient.name },
    {
      key: "form",
      title: t("formResults.columns.form"),
      cell: (row) => (
        <>
          <Typography variant="body2">{row.formName}</Typography>
          <Typography variant="caption" color="text.secondary">
            {t("formResults.version", { version: row.version })}
          </Typography>
        </>
      ),
    },
    {
      key: "score",
      title: t("formResults.columns.score"),
      align: "right",
      cell: (row) =>
        row.score?.total != null ? (
          <Box sx={{ whiteSpace: "nowrap" }}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {formatNumber(row.score.total, language)}
            </Typography>
            {row.score.totalRange ? (
              <Typography variant="caption" color="text.secondary" component="span">
                {" "}
                {t("formResults.ofRange", { range: formatRange(row.score.totalRange, language) })}
              </Typography>
            ) : null}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            {t("formResults.noScore")}
          </Typography>
        ),
    },
    { key: "band", title: t("formResults.columns.band"), cell: (row) => row.score?.band ?? "—" },
    { key: "state", title: t("formResults.columns.state"), cell: (row) => <ResultStateChip state={row.state} /> },
  ];
  return (
    <>
      <ListLoading loading={props.loading} labels="catalogue" />
      <TableContainer tabIndex={0} role="region" aria-label={t("formResults.scrollRegion", { label: props.label })} sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label={props.label} sx={{ minWidth: 760 }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ whiteSpace: "nowrap" }}>
                  {column.title}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {props.rows?.map((row) => (
              <TableRow key={row.id} hover onClick={() => navigate(resultScreen(row.id))} sx={{ cursor: "pointer" }}>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {props.rows && props.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary">
                    {emptyListText(t, props.search, props.filtered ? "formResults.noMatches" : "formResults.empty", "formResults.noMatch")}
                  </Typography>
                  {props.filtered ? (
                    <Button size="small" onClick={props.onClear} sx={{ mt: 1 }}>
                      {t("formResults.filters.clear")}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination list={props} labels="catalogue" />
    </>
  );
}
