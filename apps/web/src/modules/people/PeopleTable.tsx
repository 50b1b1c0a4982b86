import { Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../lib/components/ListPagination.tsx";
import { SearchField } from "../../lib/components/SearchField.tsx";
import type { PagedList } from "../../lib/usePagedList.ts";

export interface Column<T> {
  title: string;
  cell: (row: T) => ReactNode;
  /** Hidden on screens narrower than this. */
  from?: "sm" | "md";
}

interface PeopleTableProps<T extends { id: string | number }> {
  list: PagedList<T>;
  columns: Column<T>[];
  /** Buttons at the end of each row. */
  actions?: (row: T) => ReactNode;
  searchLabel: string;
  /** Controls beside the search field (filters). */
  filters?: ReactNode;
  emptyText: string;
  /** Names the table for assistive technology. */
  label: string;
}

const shownFrom = (from: Column<unknown>["from"]) => (from ? { xs: "none", [from]: "table-cell" } : undefined);

/** The list of every people screen: search, filters, server-side pages, a row of actions. */
export function PeopleTable<T extends { id: string | number }>({ list, columns, actions, searchLabel, filters, emptyText, label }: PeopleTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Box>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2, flexWrap: "wrap", rowGap: 2 }}>
        <SearchField label={searchLabel} value={list.search} onChange={list.onSearch} />
        {filters}
      </Stack>
      <ListLoading loading={list.loading} labels="people" />
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.title} sx={{ display: shownFrom(column.from) }}>
                  {column.title}
                </TableCell>
              ))}
              {actions ? <TableCell align="right">{t("people.actions")}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.rows?.map((row) => (
              <TableRow key={row.id} hover>
                {columns.map((column) => (
                  <TableCell key={column.title} sx={{ display: shownFrom(column.from) }}>
                    {column.cell(row)}
                  </TableCell>
                ))}
                {actions ? (
                  <TableCell align="right" sx={{ whiteSpace: "nowrap", pl: { xs: 0.5, sm: 2 }, pr: { xs: 0, sm: 2 } }}>
                    {actions(row)}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
            {list.rows && list.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + (actions ? 1 : 0)}>
                  <Typography color="text.secondary">{emptyText}</Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination list={list} labels="people" />
    </Box>
  );
}
