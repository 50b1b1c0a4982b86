import { Box, LinearProgress, TablePagination } from "@mui/material";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** The module whose texts a list uses (`<labels>.rowsPerPage`, `.displayedRows`, `.page.*`, `.loading`). */
export type ListLabels = "catalogue" | "people";

/** Where a server-paged list stands: what usePagedList answers, or a page kept in the address. */
export interface ListPaging {
  total: number;
  /** The server counted only up to `total` (a large list): the pager says "more than". */
  totalCapped?: boolean;
  /** 1-based, as the server counts. */
  page: number;
  rowsPerPage: number;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
}

/** The pager under every server-paged list: translated labels, the usual sizes, wraps on phones. */
export function ListPagination({ list, labels }: { list: ListPaging; labels: ListLabels }) {
  const { total, totalCapped = false, page, rowsPerPage, onPage, onRowsPerPage } = list;
  const { t, i18n } = useTranslation();
  return (
    <TablePagination
      component="div"
      // A capped total is a floor: MUI's "unknown" count (-1) keeps Next enabled past it.
      count={totalCapped ? -1 : total}
      page={page - 1}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={[5, 10, 25, 50]}
      onPageChange={(_, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onRowsPerPage(Number(event.target.value))}
      labelRowsPerPage={t(`${labels}.rowsPerPage`)}
      labelDisplayedRows={({ from, to, count }) => displayedRows(t, i18n.language, labels, { from, to, count: totalCapped ? total : count }, totalCapped)}
      getItemAriaLabel={(type) => t(`${labels}.page.${type}`)}
      sx={{ "& .MuiTablePagination-toolbar": { flexWrap: "wrap", px: 0 } }}
    />
  );
}

/**
 * "1–10 of 42", or, when the total was counted only up to a cap, "1–10 of more than 10,000"
 * (the number written as the language writes it).
 */
export function displayedRows(
  t: TFunction,
  language: string,
  labels: ListLabels,
  { from, to, count }: { from: number; to: number; count: number },
  capped: boolean,
): string {
  if (!capped) return t(`${labels}.displayedRows`, { from, to, count });
  return t("paging.displayedRowsCapped", { from, to, total: new Intl.NumberFormat(language).format(count) });
}

/** The thin bar above a list while it fetches; it keeps its height so the table does not jump. */
export function ListLoading({ loading, labels }: { loading: boolean; labels: ListLabels }) {
  const { t } = useTranslation();
  return <Box sx={{ height: 4 }}>{loading ? <LinearProgress aria-label={t(`${labels}.loading`)} /> : null}</Box>;
}
