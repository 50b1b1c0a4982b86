import { Box, LinearProgress, TablePagination } from "@mui/material";
import { useTranslation } from "react-i18next";

/** The module whose texts a list uses (`<labels>.rowsPerPage`, `.displayedRows`, `.page.*`, `.loading`). */
export type ListLabels = "catalogue" | "people";

interface ListPaginationProps {
  total: number;
  /** 1-based, as the server counts. */
  page: number;
  rowsPerPage: number;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
  labels: ListLabels;
}

/** The pager under every server-paged list: translated labels, the usual sizes, wraps on phones. */
export function ListPagination({ total, page, rowsPerPage, onPage, onRowsPerPage, labels }: ListPaginationProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={[5, 10, 25, 50]}
      onPageChange={(_, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onRowsPerPage(Number(event.target.value))}
      labelRowsPerPage={t(`${labels}.rowsPerPage`)}
      labelDisplayedRows={({ from, to, count }) => t(`${labels}.displayedRows`, { from, to, count })}
      getItemAriaLabel={(type) => t(`${labels}.page.${type}`)}
      sx={{ "& .MuiTablePagination-toolbar": { flexWrap: "wrap", px: 0 } }}
    />
  );
}

/** The thin bar above a list while it fetches; it keeps its height so the table does not jump. */
export function ListLoading({ loading, labels }: { loading: boolean; labels: ListLabels }) {
  const { t } = useTranslation();
  return <Box sx={{ height: 4 }}>{loading ? <LinearProgress aria-label={t(`${labels}.loading`)} /> : null}</Box>;
}
