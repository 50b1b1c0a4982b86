import { FILE_TYPES, type FileRecord } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import SearchIcon from "@mui/icons-material/Search";
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  InputAdornment,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
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
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { useAction } from "../../../lib/resource.ts";
import { deleteFile, FILES_KEY } from "./api.ts";
import { useFileList } from "./useFileList.ts";

/** Files (spec §2): a paged list with type chips, search and a type filter; add on its own screen, delete after confirming. */
export function FilesPage() {
  const { t } = useTranslation();
  const list = useFileList();
  const [deleting, setDeleting] = useState<FileRecord | null>(null);
  const remove = useAction((row: FileRecord) => deleteFile(row.id), {
    invalidate: [[FILES_KEY]],
    success: t("files.removed"),
    onSuccess: () => setDeleting(null),
  });
  const rows = list.rows;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
          <Typography variant="h6" component="h2">
            {t("files.title")}
          </Typography>
          <Button component={RouterLink} to="/manager/admin/files/new" variant="contained" startIcon={<AddIcon />}>
            {t("files.add")}
          </Button>
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            size="small"
            label={t("catalogue.search")}
            value={list.search}
            onChange={(event) => list.onSearch(event.target.value)}
            sx={{ width: { xs: "100%", sm: 320 } }}
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
          <TextField select size="small" label={t("files.type")} value={list.type} onChange={(event) => list.onType(event.target.value)} sx={{ minWidth: 160 }}>
            <MenuItem value="">{t("files.allTypes")}</MenuItem>
            {FILE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`files.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Box sx={{ height: 4 }}>{list.loading ? <LinearProgress aria-label={t("catalogue.loading")} /> : null}</Box>
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t("catalogue.name")}</TableCell>
                <TableCell>{t("files.type")}</TableCell>
                <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{t("files.source")}</TableCell>
                <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>{t("catalogue.owner")}</TableCell>
                <TableCell align="right">{t("catalogue.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows?.map((row) => {
                const href = row.downloadUrl ?? row.link ?? "";
                return (
                  <TableRow key={row.id} hover>
                    <TableCell>
                      <Link href={href} target="_blank" rel="noopener noreferrer" aria-label={t("files.open", { name: row.name })} sx={{ fontWeight: 500 }}>
                        {row.name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color="primary" variant="outlined" label={t(`files.types.${row.type}`)} />
                    </TableCell>
                    <TableCell sx={{ display: { xs: "none", md: "table-cell" }, maxWidth: 320 }}>
                      <Typography variant="body2" color="text.secondary" noWrap>
                        {row.originalName ?? row.link}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>
                      <Chip size="small" variant="outlined" label={row.clinicId ? t("catalogue.ownClinic") : t("catalogue.platform")} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      {row.editable ? (
                        <Tooltip title={t("catalogue.delete")}>
                          <IconButton onClick={() => setDeleting(row)} aria-label={t("catalogue.deleteNamed", { name: row.name })} size="small">
                            <DeleteOutline fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : (
                        <Typography variant="caption" color="text.secondary">
                          {t("catalogue.readOnly")}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
              {rows && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography color="text.secondary">{t("files.empty")}</Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.total}
          page={list.page - 1}
          rowsPerPage={list.rowsPerPage}
          rowsPerPageOptions={[5, 10, 25, 50]}
          onPageChange={(_, page) => list.onPage(page + 1)}
          onRowsPerPageChange={(event) => list.onRowsPerPage(Number(event.target.value))}
          labelRowsPerPage={t("catalogue.rowsPerPage")}
          labelDisplayedRows={({ from, to, count }) => t("catalogue.displayedRows", { from, to, count })}
          getItemAriaLabel={(type) => t(`catalogue.page.${type}`)}
          sx={{ "& .MuiTablePagination-toolbar": { flexWrap: "wrap", px: 0 } }}
        />
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title={t("files.deleteTitle")}
        text={t("files.deleteText", { name: deleting?.name ?? "" })}
        confirmLabel={t("catalogue.delete")}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
