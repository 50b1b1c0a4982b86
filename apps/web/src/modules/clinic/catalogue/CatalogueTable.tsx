import { richTextToPlain } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import RestartAlt from "@mui/icons-material/RestartAlt";
import { Box, Button, Chip, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";

export interface CatalogueRow {
  id: number;
  name: string;
  description?: string;
  clinicId: string | null;
  editable: boolean;
}

/** A column of its own kind (a type chip, a category), hidden on screens narrower than `from`. */
export interface ExtraColumn<T> {
  title: string;
  cell: (row: T) => ReactNode;
  from?: "xs" | "sm" | "md";
}

interface CatalogueTableProps<T extends CatalogueRow> {
  rows: T[] | undefined;
  total: number;
  /** The server stopped counting at `total` (usePagedList passes it). */
  totalCapped?: boolean;
  page: number;
  rowsPerPage: number;
  loading: boolean;
  search: string;
  onSearch: (text: string) => void;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
  /** Where the name links to inside the app (a detail or edit screen)… */
  linkOf?: (row: T) => string;
  /** …or the whole name cell, when it opens something else (a file opens its download). */
  nameCell?: (row: T) => ReactNode;
  /** Rows without an edit screen (files are never updated) leave this out. */
  editLinkOf?: (row: T) => string;
  onDelete: (row: T) => void;
  /** Whether rows show a description column (default yes). */
  description?: boolean;
  /** Columns between the description and the owner. */
  extras?: ExtraColumn<T>[];
  /** Controls beside the search field (e.g. a type filter). */
  filters?: ReactNode;
  /** Offers "Reset list": back to the list's initial state (spec §4). */
  onReset?: () => void;
  emptyText: string;
}

const shownFrom = (from: ExtraColumn<unknown>["from"] = "sm") => (from === "xs" ? undefined : { xs: "none", [from]: "table-cell" });

/** The list every catalogue screen shares: search, server-side paging, owner, edit and delete. */
export function CatalogueTable<T extends CatalogueRow>(props: CatalogueTableProps<T>) {
  const { t } = useTranslation();
  const { rows, extras = [] } = props;
  const showDescription = props.description !== false;
  return (
    <Box>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
        <SearchField label={t("catalogue.search")} value={props.search} onChange={props.onSearch} />
        {props.filters}
        {props.onReset ? (
          <Button startIcon={<RestartAlt />} onClick={props.onReset} sx={{ alignSelf: { xs: "flex-start", sm: "center" } }}>
            {t("catalogue.reset")}
          </Button>
        ) : null}
      </Stack>
      <ListLoading loading={props.loading} labels="catalogue" />
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t("catalogue.name")}</TableCell>
              {showDescription ? <TableCell sx={{ display: shownFrom("md") }}>{t("catalogue.description")}</TableCell> : null}
              {extras.map((column) => (
                <TableCell key={column.title} sx={{ display: shownFrom(column.from) }}>
                  {column.title}
                </TableCell>
              ))}
              <TableCell sx={{ display: shownFrom("sm") }}>{t("catalogue.owner")}</TableCell>
              <TableCell align="right">{t("catalogue.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell>
                  {props.nameCell ? (
                    props.nameCell(row)
                  ) : (
                    <Typography component={RouterLink} to={props.linkOf?.(row) ?? "."} sx={{ color: "primary.main", fontWeight: 500, textDecoration: "none" }}>
                      {row.name}
                    </Typography>
                  )}
                </TableCell>
                {showDescription ? (
                  <TableCell sx={{ display: shownFrom("md"), maxWidth: 420 }}>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {row.description ? richTextToPlain(row.description) : ""}
                    </Typography>
                  </TableCell>
                ) : null}
                {extras.map((column) => (
                  <TableCell key={column.title} sx={{ display: shownFrom(column.from) }}>
                    {column.cell(row)}
                  </TableCell>
                ))}
                <TableCell sx={{ display: shownFrom("sm") }}>
                  <Chip size="small" variant="outlined" label={row.clinicId ? t("catalogue.ownClinic") : t("catalogue.platform")} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {row.editable ? (
                    <>
                      {props.editLinkOf ? (
                        <Tooltip title={t("catalogue.edit")}>
                          <IconButton component={RouterLink} to={props.editLinkOf(row)} aria-label={t("catalogue.editNamed", { name: row.name })} size="small">
                            <EditOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null}
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
                <TableCell colSpan={3 + (showDescription ? 1 : 0) + extras.length}>
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
