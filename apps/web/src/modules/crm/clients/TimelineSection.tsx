import type { CrmTimelineEntry } from "@clinic/shared";
import { List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { CLIENTS_PATH, TIMELINE_RESOURCE } from "./api.ts";
import { timelineText } from "./client-form.ts";

/** Everything that happened to a client, newest first: what, its short text, who and when. */
export function TimelineSection({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const timeline = usePagedList<CrmTimelineEntry>(TIMELINE_RESOURCE, `${CLIENTS_PATH}/${clientId}/timeline`, { pageSize: 10 });
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <ListLoading loading={timeline.loading} labels="catalogue" />
      {timeline.rows && timeline.rows.length === 0 ? <Typography color="text.secondary">{t("crmClients.timeline.empty")}</Typography> : null}
      <List dense aria-label={t("crmClients.timeline.title")} sx={{ p: 0 }}>
        {timeline.rows?.map((line) => (
          <ListItem key={line.id} divider disableGutters>
            <ListItemText
              primary={timelineText(t, line)}
              secondary={line.actorName ? `${formatDateTime(line.at)} · ${line.actorName}` : formatDateTime(line.at)}
              slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }}
            />
          </ListItem>
        ))}
      </List>
      <ListPagination list={timeline} labels="catalogue" />
    </Stack>
  );
}
