import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import SearchIcon from "@mui/icons-material/Search";
import {
  Box,
  Chip,
  IconButton,
  InputAdornment,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";

export interface CatalogueRow {
  id: number;
  name: string;
  description: string;
  clinicId: string | null;
  editable: boolean;
}

interface CatalogueTableProps<T extends CatalogueRow> {
  rows: T[] | undefined;
  total: number;
  page: number;
  rowsPerPage: number;
  loading: boolean;
  search: string;
  onSearch: (text: string) => void;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
  /** Where the name links to (a detail or edit screen). */
  linkOf: (row: T) => string;
  editLinkOf: (row: T) => string;
  onDelete: (row: T) => void;
  /** One more column between the description and the owner (e.g. the category). */
  extra?: { title: string; cell: (row: T) => ReactNode };
  emptyText: string;
}

/** The list every catalogue screen shares: search, server-side paging, owner, edit and delete. */
export function CatalogueTable<T extends CatalogueRow>(props: CatalogueTableProps<T>) {
  const { t } = useTranslation();
  const { rows, extra } = props;
  return (
    <Box>
      <TextField
        size="small"
        label={t("catalogue.search")}
        value={props.search}
        onChange={(event) => props.onSearch(event.target.value)}
        sx={{ mb: 2, width: { xs: "100%", sm: 320 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ height: 4 }}>{props.loading ? <LinearProgress aria-label={t("catalogue.loading")} /> : null}</Box>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t("catalogue.name")}</TableCell>
              <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{t("catalogue.description")}</TableCell>
              {extra ? <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>{extra.title}</TableCell> : null}
              <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>{t("catalogue.owner")}</TableCell>
              <TableCell align="right">{t("catalogue.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell>
                  <Typography component={RouterLink} to={props.linkOf(row)} sx={{ color: "primary.main", fontWeight: 500, textDecoration: "none" }}>
                    {row.name}
                  </Typography>
                </TableCell>
                <TableCell sx={{ display: { xs: "none", md: "table-cell" }, maxWidth: 420 }}>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {row.description}
                  </Typography>
                </TableCell>
                {extra ? <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>{extra.cell(row)}</TableCell> : null}
                <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>
                  <Chip size="small" variant="outlined" label={row.clinicId ? t("catalogue.ownClinic") : t("catalogue.platform")} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {row.editable ? (
                    <>
                      <Tooltip title={t("catalogue.edit")}>
                        <IconButton component={RouterLink} to={props.editLinkOf(row)} aria-label={t("catalogue.editNamed", { name: row.name })} size="small">
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t("catalogue.delete")}>
                        <IconButton onClick={() => props.onDelete(row)} aria-label={t("catalogue.deleteNamed", { name: row.name })} size="small">
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  ) : (
                    <Typography variant="caption" color="text.secondary">
                      {t("catalogue.readOnly")}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {rows && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={extra ? 5 : 4}>
                  <Typography color="text.secondary">{props.emptyText}</Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={props.total}
        page={props.page - 1}
        rowsPerPage={props.rowsPerPage}
        rowsPerPageOptions={[5, 10, 25, 50]}
        onPageChange={(_, page) => props.onPage(page + 1)}
        onRowsPerPageChange={(event) => props.onRowsPerPage(Number(event.target.value))}
        labelRowsPerPage={t("catalogue.rowsPerPage")}
        labelDisplayedRows={({ from, to, count }) => t("catalogue.displayedRows", { from, to, count })}
        getItemAriaLabel={(type) => t(`catalogue.page.${type}`)}
        sx={{ "& .MuiTablePagination-toolbar": { flexWrap: "wrap", px: 0 } }}
      />
    </Box>
  );
}
