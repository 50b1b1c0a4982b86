import type { CrmList } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Button, Stack, Typography } from "@mui/material";
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
import { deleteList, EVERY_CLIENT_LIST, LISTS_PATH, LISTS_RESOURCE, useClientAbilities } from "./api.ts";
import { ListClientsDialog } from "./ListClientsDialog.tsx";
import { ListDialog } from "./ListDialog.tsx";
import { CrmExportButtons } from "../import/CrmExportButtons.tsx";

/** The clinic's user lists with how many clients each holds: agents read them, CRM admins add, change and delete them. */
export function ListsTab() {
  const { t } = useTranslation();
  const abilities = useClientAbilities();
  const list = usePagedList<CrmList>(LISTS_RESOURCE, LISTS_PATH, { pageSize: 25 });
  const [editing, setEditing] = useState<CrmList | null>(null);
  const [adding, setAdding] = useState(false);
  const [opened, setOpened] = useState<CrmList | null>(null);
  const deletion = useDeleteConfirm<CrmList>({
    title: t("crmClients.lists.deleteTitle"),
    text: (row) => t("crmClients.lists.deleteText", { name: row.title }),
    run: (row) => deleteList(row.id),
    invalidate: EVERY_CLIENT_LIST,
    deleted: () => t("crmClients.notices.listDeleted"),
  });
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("crmClients.lists.intro")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {abilities.admin ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {t("crmClients.lists.add")}
          </Button>
        ) : null}
        <CrmExportButtons entity="lists" filters={list.search ? { q: list.search } : {}} />
      </Stack>
      <SearchField label={t("crmClients.lists.search")} value={list.search} onChange={list.onSearch} width={260} />
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {t("crmClients.lists.listLabel")}
      </Typography>
      <ListLoading loading={list.loading} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(row) => row.id}
        title={{ key: "title", title: t("crmClients.fields.title"), cell: (row) => row.title, minWidth: 160 }}
        columns={[
          { key: "description", title: t("crmClients.fields.description"), cell: (row) => row.description || "—" },
          { key: "clients", title: t("crmClients.lists.clientCount"), cell: (row) => row.clientCount, align: "right" },
        ]}
        label={t("crmClients.lists.listLabel")}
        emptyText={emptyListText(t, list.searched, "crmClients.lists.empty", "crmClients.lists.noMatch")}
        actions={(row, nameId) => (
          <>
            <Button size="small" variant="outlined" onClick={() => setOpened(row)} aria-describedby={nameId}>
              {t("crmClients.lists.clients")}
            </Button>
            {abilities.admin ? <EditDeleteButtons name={row.title} onEdit={() => setEditing(row)} onDelete={() => deletion.ask(row)} /> : null}
          </>
        )}
      />
      <ListPagination list={list} labels="catalogue" />
      <ListDialog
        open={adding || editing !== null}
        list={editing}
        choosesClinic={abilities.choosesClinic}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <ListClientsDialog list={opened} canChange={abilities.admin} onClose={() => setOpened(null)} />
      {deletion.dialog}
    </Stack>
  );
}
