import type { CrmInitiative, CrmInitiativeDetail } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Stack, Tab, Tabs, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteQuestion } from "../../../lib/components/DeleteQuestion.tsx";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { EditDeleteButtons } from "../../../lib/components/RowButtons.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { emptyListText } from "../../../lib/empty-list.ts";
import { useNotices } from "../../../lib/notices.tsx";
import { useAction } from "../../../lib/resource.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import {
  deleteInitiative,
  EVERY_INITIATIVE_LIST,
  INITIATIVES_PATH,
  INITIATIVES_RESOURCE,
  type StateTab,
  useByState,
  useCrmAbilities,
  useInitiative,
} from "./api.ts";
import { InitiativeDetailsDialog } from "./InitiativeDetailsDialog.tsx";
import { InitiativeDialog } from "./InitiativeDialog.tsx";
import { StateChip } from "./StateChip.tsx";
import { CrmExportButtons } from "../import/CrmExportButtons.tsx";

const TABS: StateTab[] = ["all", "not_readed", "read"];

/** Deletes after asking; spec §4 tells a deletion with an information notice. */
function useDeletion() {
  const { t } = useTranslation();
  const notices = useNotices();
  const remove = useAction((row: CrmInitiative) => deleteInitiative(row.id), {
    invalidate: EVERY_INITIATIVE_LIST,
    onSuccess: () => {
      notices.info(t("crmInitiatives.notices.deleted"));
    },
  });
  return useDeleteQuestion(remove, {
    title: t("crmInitiatives.delete.title"),
    text: (row) => t("crmInitiatives.delete.text", { title: row.title }),
    confirmLabel: t("manageList.delete"),
  });
}

/**
 * Initiatives (`/crm/app/telemarket/media`): the clinic's for a CRM admin, an agent's own for an
 * agent, by state (all, not read, read, with their counts) and searched by title. Opening one
 * shows its clients and documents and leads to the call centre; CRM admins add, change and
 * delete them, agents change their own.
 */
export function InitiativesPage() {
  const { t } = useTranslation();
  const abilities = useCrmAbilities();
  const [tab, setTab] = useState<StateTab>("all");
  const list = usePagedList<CrmInitiative>(INITIATIVES_RESOURCE, INITIATIVES_PATH, {
    filters: { state: tab === "all" ? undefined : tab },
    pageSize: 25,
    showsAdded: (row) => tab === "all" || row.state === tab,
  });
  const counts = useByState(list.searched).data;
  const [opened, setOpened] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CrmInitiativeDetail | null>(null);
  // A row's edit waits for the initiative's clients, which the list does not carry.
  const [toEdit, setToEdit] = useState<number | null>(null);
  const loaded = useInitiative(toEdit).data;
  useEffect(() => {
    if (loaded && loaded.id === toEdit) {
      setEditing(loaded);
      setToEdit(null);
    }
  }, [loaded, toEdit]);
  const deletion = useDeletion();
  const countOf = (state: StateTab) => (!counts ? null : state === "all" ? counts.read + counts.not_readed : counts[state]);

  const columns: ManageColumn<CrmInitiative>[] = [
    { key: "state", title: t("crmInitiatives.fields.state"), cell: (row) => <StateChip state={row.state} /> },
    { key: "salesman", title: t("crmInitiatives.fields.salesman"), cell: (row) => row.salesman?.name ?? t("crmInitiatives.noSalesman"), minWidth: 140 },
    { key: "clients", title: t("crmInitiatives.fields.clientCount"), cell: (row) => row.clientCount, align: "right" },
    { key: "documents", title: t("crmInitiatives.fields.documentCount"), cell: (row) => row.documentCount, align: "right" },
    { key: "updated", title: t("crmInitiatives.fields.updated"), cell: (row) => formatDate(row.updatedAt), wideOnly: true },
  ];

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{abilities.can("is_admin") ? t("crmInitiatives.list.introAdmin") : t("crmInitiatives.list.introAgent")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {abilities.add ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {t("crmInitiatives.form.add")}
          </Button>
        ) : null}
        <CrmExportButtons entity="initiatives" filters={{ ...(list.search ? { q: list.search } : {}), ...(tab === "all" ? {} : { state: tab }) }} />
      </Stack>
      <Box sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Tabs
          value={tab}
          onChange={(_, value: StateTab) => setTab(value)}
          aria-label={t("crmInitiatives.list.byState")}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((state) => {
            const count = countOf(state);
            return (
              <Tab key={state} value={state} label={count === null ? t(`crmInitiatives.tabs.${state}`) : `${t(`crmInitiatives.tabs.${state}`)} (${count})`} />
            );
          })}
        </Tabs>
      </Box>
      <SearchField label={t("crmInitiatives.list.search")} value={list.search} onChange={list.onSearch} />
      {/* On a phone each initiative is a card headed h3, which wants an h2 above it. */}
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {t("crmInitiatives.list.label")}
      </Typography>
      <ListLoading loading={list.loading} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(row) => row.id}
        title={{ key: "title", title: t("crmInitiatives.fields.title"), cell: (row) => row.title, minWidth: 180 }}
        columns={columns}
        label={t("crmInitiatives.list.label")}
        emptyText={emptyListText(
          t,
          list.searched,
          tab === "all" ? "crmInitiatives.list.empty" : "crmInitiatives.list.noneInState",
          "crmInitiatives.list.noMatch",
        )}
        actions={(row, nameId) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", justifyContent: "flex-end" }}>
            <Button size="small" variant="outlined" onClick={() => setOpened(row.id)} aria-describedby={nameId}>
              {t("crmInitiatives.list.open")}
            </Button>
            <EditDeleteButtons
              name={row.title}
              onEdit={abilities.changes(row) ? () => setToEdit(row.id) : undefined}
              onDelete={abilities.remove ? () => deletion.ask(row) : undefined}
            />
          </Stack>
        )}
      />
      <ListPagination list={list} labels="catalogue" />
      <InitiativeDetailsDialog
        id={opened}
        onClose={() => setOpened(null)}
        onEdit={(initiative) => {
          setOpened(null);
          setEditing(initiative);
        }}
      />
      <InitiativeDialog
        open={adding || editing !== null}
        initiative={editing}
        assigns={abilities.assigns}
        choosesClinic={abilities.isPlatformAdmin}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      {deletion.dialog}
    </Stack>
  );
}
