import type { CrmActivity, CrmActivityKind } from "@clinic/shared";
import EventIcon from "@mui/icons-material/Event";
import PhoneIcon from "@mui/icons-material/Phone";
import { Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { ManageTable } from "../../../lib/components/ManageTable.tsx";
import { EditDeleteButtons } from "../../../lib/components/RowButtons.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { ACTIVITIES_PATH, ACTIVITIES_RESOURCE, deleteActivity, EVERY_TELEMARKET_LIST, useCan } from "./api.ts";
import { ActivityDialog } from "./ActivityDialog.tsx";
import { ActivityWhat } from "./ActivityWhat.tsx";

/**
 * A client's calls and meetings, latest first (for the client's page): "Log a call" and "Book a
 * meeting", and each one's agent or a CRM admin changes or deletes it.
 */
export function ActivitiesPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const session = useSignedIn();
  const can = useCan();
  const admin = can("is_admin");
  const list = usePagedList<CrmActivity>(ACTIVITIES_RESOURCE, ACTIVITIES_PATH, { filters: { clientId }, pageSize: 5 });
  const [adding, setAdding] = useState<CrmActivityKind | null>(null);
  const [editing, setEditing] = useState<CrmActivity | null>(null);
  const deletion = useDeleteConfirm<CrmActivity>({
    title: t("crmTelemarket.activities.deleteTitle"),
    text: (row) => t(`crmTelemarket.activities.deleteText.${row.kind}`, { when: formatDateTime(row.at) }),
    run: (row) => deleteActivity(row.id),
    invalidate: EVERY_TELEMARKET_LIST,
    deleted: (row) => t(`crmTelemarket.notices.${row.kind === "meeting" ? "meetingDeleted" : "callDeleted"}`),
  });
  const mayAdd = can("add_callcenter");
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      {mayAdd ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button variant="outlined" startIcon={<PhoneIcon />} onClick={() => setAdding("call")}>
            {t("crmTelemarket.activities.logCall")}
          </Button>
          <Button variant="outlined" startIcon={<EventIcon />} onClick={() => setAdding("meeting")}>
            {t("crmTelemarket.activities.bookMeeting")}
          </Button>
        </Stack>
      ) : null}
      <ListLoading loading={list.loading} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(row) => row.id}
        title={{ key: "when", title: t("crmTelemarket.fields.when"), cell: (row) => formatDateTime(row.at), minWidth: 150 }}
        columns={[
          { key: "what", title: t("crmTelemarket.fields.what"), cell: (row) => <ActivityWhat activity={row} /> },
          {
            key: "notes",
            title: t("crmTelemarket.fields.notes"),
            cell: (row) => (
              <Typography variant="body2" sx={{ whiteSpace: "pre-line" }}>
                {row.notes || "—"}
              </Typography>
            ),
            wideOnly: true,
          },
          { key: "agent", title: t("crmTelemarket.fields.agent"), cell: (row) => row.agentName ?? "—", wideOnly: true },
        ]}
        actions={(row) =>
          admin || row.agentId === session.userId ? (
            <EditDeleteButtons name={formatDateTime(row.at)} onEdit={() => setEditing(row)} onDelete={() => deletion.ask(row)} />
          ) : null
        }
        label={t("crmTelemarket.activities.title")}
        emptyText={t("crmTelemarket.activities.empty")}
      />
      <ListPagination list={list} labels="catalogue" />
      <ActivityDialog
        open={adding !== null || editing !== null}
        clientId={clientId}
        kind={editing?.kind ?? adding ?? "call"}
        activity={editing}
        onClose={() => {
          setAdding(null);
          setEditing(null);
        }}
      />
      {deletion.dialog}
    </Stack>
  );
}
