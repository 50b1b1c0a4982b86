import type { CrmClient } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import PlaylistAdd from "@mui/icons-material/PlaylistAdd";
import UploadFile from "@mui/icons-material/UploadFile";
import { Box, Button, Checkbox, Chip, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { EditDeleteButtons } from "../../../lib/components/RowButtons.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { emptyListText } from "../../../lib/empty-list.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { ClientsImportDialog } from "../import/ClientsImportDialog.tsx";
import { CrmExportButtons } from "../import/CrmExportButtons.tsx";
import { AddToListDialog } from "./AddToListDialog.tsx";
import {
  agentName,
  CLIENTS_PATH,
  CLIENTS_RESOURCE,
  clientPagePath,
  deleteClient,
  EVERY_CLIENT_LIST,
  useAgents,
  useAllLists,
  useClientAbilities,
  useTags,
} from "./api.ts";
import { ClientDialog } from "./ClientDialog.tsx";
import { ConsentChip } from "./ConsentChip.tsx";

interface Filters {
  tag: string;
  listId: string;
  owner: string;
}

/** A filter's select with "All" first. */
function FilterSelect(props: { label: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: { xs: "100%", sm: 200 } }}
    >
      <MenuItem value="">{t("crmClients.clients.all")}</MenuItem>
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The clinic's clients: search, tag, list and owner filters, paging; add and change in a dialog,
 * delete (CRM admins), select rows to put them on a list. Each name opens the client's page.
 */
export function ClientsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  const abilities = useClientAbilities();
  const tags = useTags();
  const lists = useAllLists();
  const agents = useAgents(abilities.admin);
  const [filters, setFilters] = useState<Filters>({ tag: "", listId: "", owner: "" });
  const [editing, setEditing] = useState<CrmClient | null>(null);
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [listing, setListing] = useState(false);
  const list = usePagedList<CrmClient>(CLIENTS_RESOURCE, CLIENTS_PATH, {
    filters: { tag: filters.tag, listId: filters.listId, ownerId: filters.owner === "me" ? abilities.userId : filters.owner || undefined },
    pageSize: 25,
  });
  const filtered = Object.values(filters).some((value) => value !== "");
  // The export takes the list's own filters, the empty ones left out (its query is strict).
  const ownerId = filters.owner === "me" ? abilities.userId : filters.owner;
  const exportFilters = Object.fromEntries(
    Object.entries({ q: list.search, tag: filters.tag, listId: filters.listId, ownerId: ownerId ?? "" }).filter(([, value]) => value !== ""),
  );
  const deletion = useDeleteConfirm<CrmClient>({
    title: t("crmClients.clients.deleteTitle"),
    text: (client) => t("crmClients.clients.deleteText", { name: client.name }),
    run: (client) => deleteClient(client.id),
    invalidate: EVERY_CLIENT_LIST,
    deleted: () => t("crmClients.notices.clientDeleted"),
    onDeleted: (client) => toggle(client, false),
  });
  function toggle(client: CrmClient, on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(client.id, client.name);
      else next.delete(client.id);
      return next;
    });
  }

  const title: ManageColumn<CrmClient> = {
    key: "name",
    title: t("crmClients.fields.name"),
    minWidth: 180,
    cell: (client) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
        {abilities.admin ? (
          <Checkbox
            size="small"
            checked={selected.has(client.id)}
            onChange={(event) => toggle(client, event.target.checked)}
            slotProps={{ input: { "aria-label": t("crmClients.clients.select", { name: client.name }) } }}
          />
        ) : null}
        <Link component={RouterLink} to={clientPagePath(client.id)}>
          {client.name}
        </Link>
      </Stack>
    ),
  };
  const columns: ManageColumn<CrmClient>[] = [
    { key: "email", title: t("crmClients.fields.email"), cell: (client) => client.email ?? "—" },
    { key: "phone", title: t("crmClients.fields.phone"), cell: (client) => <Box sx={{ whiteSpace: "nowrap" }}>{client.phone || "—"}</Box> },
    { key: "city", title: t("crmClients.fields.city"), cell: (client) => client.city || "—", wideOnly: true },
    { key: "owner", title: t("crmClients.fields.owner"), cell: (client) => client.ownerName ?? "—" },
    { key: "consent", title: t("crmClients.fields.consent"), cell: (client) => <ConsentChip client={client} /> },
    {
      key: "tags",
      title: t("crmClients.fields.tags"),
      wideOnly: true,
      cell: (client) =>
        client.tags.length === 0 ? (
          "—"
        ) : (
          <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 0.5 }}>
            {client.tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" variant="outlined" />
            ))}
          </Stack>
        ),
    },
  ];

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("crmClients.clients.intro")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t("crmClients.clients.add")}
        </Button>
        {abilities.admin ? (
          <Button variant="outlined" startIcon={<PlaylistAdd />} disabled={selected.size === 0} onClick={() => setListing(true)}>
            {t("crmClients.clients.addToList", { count: selected.size })}
          </Button>
        ) : null}
        {abilities.admin ? (
          <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImporting(true)}>
            {t("crmClients.clients.import")}
          </Button>
        ) : null}
        <CrmExportButtons entity="clients" filters={exportFilters} />
      </Stack>
      <Box component="section" aria-label={t("crmClients.clients.filters")}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "flex-start" } }}>
          <SearchField label={t("crmClients.clients.search")} value={list.search} onChange={list.onSearch} width={260} />
          <FilterSelect
            label={t("crmClients.fields.tag")}
            value={filters.tag}
            options={(tags.data ?? []).map((tag) => ({ value: tag.tag, label: `${tag.tag} (${tag.count})` }))}
            onChange={(tag) => setFilters((current) => ({ ...current, tag }))}
          />
          <FilterSelect
            label={t("crmClients.fields.list")}
            value={filters.listId}
            options={(lists.data?.data ?? []).map((one) => ({ value: String(one.id), label: one.title }))}
            onChange={(listId) => setFilters((current) => ({ ...current, listId }))}
          />
          <FilterSelect
            label={t("crmClients.fields.owner")}
            value={filters.owner}
            options={[
              { value: "me", label: t("crmClients.clients.mine") },
              ...(agents.data?.data ?? []).map((agent) => ({ value: agent.id, label: agentName(agent) })),
            ]}
            onChange={(owner) => setFilters((current) => ({ ...current, owner }))}
          />
        </Stack>
      </Box>
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {t("crmClients.clients.listLabel")}
      </Typography>
      <ListLoading loading={list.loading} labels="people" />
      <ManageTable
        rows={list.rows}
        rowKey={(client) => client.id}
        title={title}
        columns={columns}
        label={t("crmClients.clients.listLabel")}
        emptyText={emptyListText(t, list.searched, filtered ? "crmClients.clients.noneFiltered" : "crmClients.clients.empty", "crmClients.clients.noMatch")}
        actions={(client) => (
          <EditDeleteButtons name={client.name} onEdit={() => setEditing(client)} onDelete={abilities.admin ? () => deletion.ask(client) : undefined} />
        )}
      />
      <ListPagination list={list} labels="people" />
      <ClientDialog
        open={adding || editing !== null}
        client={editing}
        admin={abilities.admin}
        choosesClinic={abilities.choosesClinic}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <AddToListDialog
        open={listing}
        clientIds={[...selected.keys()]}
        onClose={(added) => {
          setListing(false);
          if (added) setSelected(new Map());
        }}
      />
      <ClientsImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => {
          setImporting(false);
          for (const key of EVERY_CLIENT_LIST) void queryClient.invalidateQueries({ queryKey: key });
        }}
      />
      {deletion.dialog}
    </Stack>
  );
}
