import type { CrmEmailFormat } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Alert, Button, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { ManageTable } from "../../../lib/components/ManageTable.tsx";
import { EditDeleteButtons } from "../../../lib/components/RowButtons.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { emptyListText } from "../../../lib/empty-list.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { deleteFormat, EVERY_EMAIL_LIST, FORMATS_PATH, FORMATS_RESOURCE, useChoosesClinic } from "./api.ts";
import { FormatDialog } from "./FormatDialog.tsx";
import { TestDialog } from "./TestDialog.tsx";

/** Whether the last read of a paged list failed (usePagedList shows the status notice; the screen says what it could not get). */
export function useListFailed(resource: string): boolean {
  return useQueryClient()
    .getQueryCache()
    .findAll({ queryKey: [resource] })
    .some((query) => query.state.status === "error" && query.getObserversCount() > 0);
}

/** The clinic's email formats: added, changed, deleted, and sent once as a test. */
export function FormatsTab() {
  const { t } = useTranslation();
  const choosesClinic = useChoosesClinic();
  const list = usePagedList<CrmEmailFormat>(FORMATS_RESOURCE, FORMATS_PATH, { pageSize: 25 });
  const failed = useListFailed(FORMATS_RESOURCE);
  const [editing, setEditing] = useState<CrmEmailFormat | null>(null);
  const [adding, setAdding] = useState(false);
  const [testing, setTesting] = useState<CrmEmailFormat | null>(null);
  const deletion = useDeleteConfirm<CrmEmailFormat>({
    title: t("crmEmail.formats.deleteTitle"),
    text: (row) => t("crmEmail.formats.deleteText", { name: row.name }),
    run: (row) => deleteFormat(row.id),
    invalidate: EVERY_EMAIL_LIST,
    deleted: () => t("crmEmail.notices.formatDeleted"),
  });
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("crmEmail.formats.intro")}</Typography>
      <div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t("crmEmail.formats.add")}
        </Button>
      </div>
      <SearchField label={t("crmEmail.formats.search")} value={list.search} onChange={list.onSearch} width={260} />
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {t("crmEmail.formats.listLabel")}
      </Typography>
      {failed ? <Alert severity="error">{t("crmEmail.notices.formatsLoadError")}</Alert> : null}
      <ListLoading loading={list.loading} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(row) => row.id}
        title={{ key: "name", title: t("crmEmail.fields.name"), cell: (row) => row.name, minWidth: 160 }}
        columns={[
          { key: "subject", title: t("crmEmail.fields.subject"), cell: (row) => row.subject },
          { key: "from", title: t("crmEmail.formats.from"), cell: (row) => `${row.fromName} <${row.fromEmail}>`, wideOnly: true },
          { key: "template", title: t("crmEmail.fields.template"), cell: (row) => t(`crmEmail.templates.${row.template}`), wideOnly: true },
        ]}
        label={t("crmEmail.formats.listLabel")}
        emptyText={emptyListText(t, list.searched, "crmEmail.formats.empty", "crmEmail.formats.noMatch")}
        actions={(row, nameId) => (
          <>
            <Button size="small" variant="outlined" onClick={() => setTesting(row)} aria-describedby={nameId}>
              {t("crmEmail.test.open")}
            </Button>
            <EditDeleteButtons name={row.name} onEdit={() => setEditing(row)} onDelete={() => deletion.ask(row)} />
          </>
        )}
      />
      <ListPagination list={list} labels="catalogue" />
      <FormatDialog
        open={adding || editing !== null}
        format={editing}
        choosesClinic={choosesClinic}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <TestDialog format={testing} onClose={() => setTesting(null)} />
      {deletion.dialog}
    </Stack>
  );
}
