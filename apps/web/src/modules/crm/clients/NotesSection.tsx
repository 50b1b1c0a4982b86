import type { CrmNote } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { ManageTable } from "../../../lib/components/ManageTable.tsx";
import { EditDeleteButtons } from "../../../lib/components/RowButtons.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { CLIENTS_PATH, deleteNote, EVERY_CLIENT_LIST, NOTES_RESOURCE } from "./api.ts";
import { NoteDialog } from "./NoteDialog.tsx";

/** A client's notes, latest first: agents and CRM admins add them; the author or a CRM admin changes them. */
export function NotesSection({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const notes = usePagedList<CrmNote>(NOTES_RESOURCE, `${CLIENTS_PATH}/${clientId}/notes`, { pageSize: 5 });
  const [editing, setEditing] = useState<CrmNote | null>(null);
  const [adding, setAdding] = useState(false);
  const deletion = useDeleteConfirm<CrmNote>({
    title: t("crmClients.notes.deleteTitle"),
    text: (note) => t("crmClients.notes.deleteText", { name: note.name }),
    run: (note) => deleteNote(note.id),
    invalidate: EVERY_CLIENT_LIST,
    deleted: () => t("crmClients.notices.noteDeleted"),
  });
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <div>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t("crmClients.notes.add")}
        </Button>
      </div>
      <ListLoading loading={notes.loading} labels="catalogue" />
      <ManageTable
        rows={notes.rows}
        rowKey={(note) => note.id}
        title={{ key: "name", title: t("crmClients.fields.noteName"), cell: (note) => note.name, minWidth: 140 }}
        columns={[
          { key: "date", title: t("crmClients.fields.dateStart"), cell: (note) => formatDateTime(note.dateStart) },
          {
            key: "description",
            title: t("crmClients.fields.description"),
            cell: (note) => (
              <Typography sx={{ whiteSpace: "pre-line" }} variant="body2">
                {note.description || "—"}
              </Typography>
            ),
          },
          { key: "author", title: t("crmClients.notes.author"), cell: (note) => note.authorName ?? "—", wideOnly: true },
        ]}
        actions={(note) => (note.editable ? <EditDeleteButtons name={note.name} onEdit={() => setEditing(note)} onDelete={() => deletion.ask(note)} /> : null)}
        label={t("crmClients.notes.title")}
        emptyText={t("crmClients.notes.empty")}
      />
      <ListPagination list={notes} labels="catalogue" />
      <NoteDialog
        open={adding || editing !== null}
        clientId={clientId}
        note={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      {deletion.dialog}
    </Stack>
  );
}
