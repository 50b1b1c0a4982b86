import type { CrmActivity, Paged } from "@clinic/shared";
import { Card, CardContent, Link, List, ListItem, ListItemText, Skeleton, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { formatDateTime } from "../../../lib/dates.ts";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { ACTIVITIES_PATH, ACTIVITIES_RESOURCE, withQuery } from "./api.ts";

/** The signed-in agent's next meetings, soonest first (they are in their calendar feed too). */
export function UpcomingMeetings() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const headingId = useId();
  // From when the screen opened: a meeting that starts meanwhile stays until the list is fetched again.
  const [since] = useState(() => new Date().toISOString());
  const path = withQuery(ACTIVITIES_PATH, { kind: "meeting", agentId: session.userId, since, sort: "upcoming", rowsPerPage: 8 });
  const { data } = useResource<Paged<CrmActivity>>([ACTIVITIES_RESOURCE, "upcoming", path], path);
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2">
          {t("crmTelemarket.upcoming.title")}
        </Typography>
        {!data ? (
          <Skeleton variant="rounded" height={96} aria-hidden />
        ) : data.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("crmTelemarket.upcoming.empty")}
          </Typography>
        ) : (
          <List dense aria-labelledby={headingId} disablePadding>
            {data.data.map((meeting) => (
              <ListItem key={meeting.id} disableGutters divider>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/crm/app/user/${meeting.clientId}`} underline="hover">
                      {meeting.clientName}
                    </Link>
                  }
                  secondary={[formatDateTime(meeting.at), t("crmTelemarket.activities.minutes", { count: meeting.durationMinutes }), meeting.subject]
                    .filter(Boolean)
                    .join(" · ")}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
