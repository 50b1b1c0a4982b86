import { FILE_TYPES, FILES_PAGE_SIZE, type FileRecord } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Button, Card, CardContent, Chip, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { CatalogueTable } from "../catalogue/CatalogueTable.tsx";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { useConfirmedDelete } from "../catalogue/useConfirmedDelete.tsx";
import { deleteFile, FILES_KEY } from "./api.ts";
import { emptyListText } from "../../../lib/empty-list.ts";

/** Files (spec §2): a paged list (5 a page, §9) with type chips, search and a type filter; add on its own screen, delete after confirming. */
export function FilesPage() {
  const { t } = useTranslation();
  const [type, setType] = useState("");
  const list = usePagedList<FileRecord>(FILES_KEY, "/api/files/", { searchField: "name", filters: { type }, pageSize: FILES_PAGE_SIZE });
  const remove = useConfirmedDelete<FileRecord>({
    remove: (row) => deleteFile(row.id),
    invalidate: [[FILES_KEY]],
    success: t("files.removed"),
    title: t("files.deleteTitle"),
    text: (row) => t("files.deleteText", { name: row.name }),
  });
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
        <CatalogueTable
          {...list}
          description={false}
          nameCell={(row) => (
            <Link
              href={row.downloadUrl ?? row.link ?? ""}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("files.open", { name: row.name })}
              sx={{ fontWeight: 500 }}
            >
              {row.name}
            </Link>
          )}
          filters={
            <TextField select size="small" label={t("files.type")} value={type} onChange={(event) => setType(event.target.value)} sx={{ minWidth: 160 }}>
              <MenuItem value="">{t("files.allTypes")}</MenuItem>
              {FILE_TYPES.map((item) => (
                <MenuItem key={item} value={item}>
                  {t(`files.types.${item}`)}
                </MenuItem>
              ))}
            </TextField>
          }
          extras={[
            {
              title: t("files.type"),
              from: "xs",
              cell: (row) => <Chip size="small" color="primary" variant="outlined" label={t(`files.types.${row.type}`)} />,
            },
            {
              title: t("files.source"),
              from: "md",
              cell: (row) => (
                <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 320 }}>
                  {row.originalName ?? row.link}
                </Typography>
              ),
            },
          ]}
          onDelete={remove.ask}
          emptyText={emptyListText(t, list.searched, "files.empty", "files.noMatch")}
        />
      </CardContent>
      {remove.dialog}
    </Card>
  );
}
