import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";

export interface Column<T> {
  title: string;
  cell: (row: T) => ReactNode;
  align?: "left" | "right";
  /** Hidden on screens narrower than this. */
  from?: "sm" | "md" | "lg";
}

interface ListTableProps<T extends { id: number }> {
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number;
  /** The total is a floor: the server stopped counting there ("of more than …"). */
  totalCapped?: boolean;
  page: number;
  rowsPerPage: number;
  loading: boolean;
  search: string;
  searchLabel: string;
  onSearch: (text: string) => void;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
  emptyText: string;
}

const shownFrom = (from?: Column<unknown>["from"]) => (from ? { xs: "none", [from]: "table-cell" } : undefined);

/** A searchable, server-paged table in the catalogue's look (CatalogueTable), with columns of its own. */
export function ListTable<T extends { id: number }>(props: ListTableProps<T>) {
  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <SearchField label={props.searchLabel} value={props.search} onChange={props.onSearch} />
      </Box>
      <ListLoading loading={props.loading} labels="catalogue" />
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              {props.columns.map((column) => (
                <TableCell key={column.title} align={column.align} sx={{ display: shownFrom(column.from), whiteSpace: "nowrap" }}>
                  {column.title}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {props.rows?.map((row) => (
              <TableRow key={row.id} hover>
                {props.columns.map((column) => (
                  <TableCell key={column.title} align={column.align} sx={{ display: shownFrom(column.from) }}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {props.rows && props.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={props.columns.length}>
                  <Typography color="text.secondary">{props.emptyText}</Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination list={props} labels="catalogue" />
    </Box>
  );
}
