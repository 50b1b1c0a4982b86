import type { Schedule } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { Box, Card, CardContent, IconButton, List, ListItem, Tooltip, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CardHeading } from "./CardHeading.tsx";
import { useResource } from "../../../lib/resource.ts";
import { useConfirmedDelete } from "../catalogue/useConfirmedDelete.tsx";
import { deleteSchedule, SCHEDULES_KEY, SERVICES_KEY } from "./api.ts";
import { timeLabel } from "./format.ts";
import { ScheduleDialog } from "./ScheduleDialog.tsx";

/** The staff member's schedules: when they can be booked, in which time zone, for how long and how. */
export function SchedulesCard({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data: schedules } = useResource<Schedule[]>([SCHEDULES_KEY], "/api/schedules/");
  const [editor, setEditor] = useState<{ open: boolean; schedule: Schedule | null }>({ open: false, schedule: null });
  const remove = useConfirmedDelete<Schedule>({
    remove: (schedule) => deleteSchedule(schedule.id),
    invalidate: [[SCHEDULES_KEY], [SERVICES_KEY]],
    success: t("schedules.removed"),
    title: t("schedules.deleteTitle"),
    text: (schedule) => t("schedules.deleteText", { name: schedule.name }),
  });
  const hours = (start: string, end: string) => `${timeLabel(start)} – ${timeLabel(end)}`;

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <CardHeading
          titleId={titleId}
          title={t("schedules.title")}
          hint={t("schedules.hint")}
          addLabel={t("schedules.add")}
          onAdd={canChange ? () => setEditor({ open: true, schedule: null }) : null}
        />
        {schedules && schedules.length === 0 ? <Typography color="text.secondary">{t("schedules.empty")}</Typography> : null}
        <List disablePadding aria-labelledby={titleId}>
          {schedules?.map((schedule) => (
            <ListItem key={schedule.id} divider disableGutters sx={{ display: "flex", alignItems: "flex-start", gap: 1, py: 1.5 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{schedule.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {[
                    t("appointments.minutes", { count: schedule.duration }),
                    schedule.appointmentTypes.map((type) => t(`appointments.types.${type}`)).join(", "),
                    schedule.timeZone,
                  ].join(" · ")}
                </Typography>
                {schedule.rules.map((rule, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id of their own and keep their order.
                  <Typography key={index} variant="body2">
                    {`${t(`schedules.days.${rule.day}`)}: ${hours(rule.start, rule.end)}`}
                  </Typography>
                ))}
                {schedule.exceptions.length ? (
                  <Typography variant="body2" color="text.secondary">
                    {t("schedules.exceptionCount", { count: schedule.exceptions.length })}
                  </Typography>
                ) : null}
              </Box>
              {canChange ? (
                <Box sx={{ whiteSpace: "nowrap" }}>
                  <Tooltip title={t("catalogue.edit")}>
                    <IconButton aria-label={t("catalogue.editNamed", { name: schedule.name })} onClick={() => setEditor({ open: true, schedule })} size="small">
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t("catalogue.delete")}>
                    <IconButton aria-label={t("catalogue.deleteNamed", { name: schedule.name })} onClick={() => remove.ask(schedule)} size="small">
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              ) : null}
            </ListItem>
          ))}
        </List>
      </CardContent>
      <ScheduleDialog open={editor.open} schedule={editor.schedule} onClose={() => setEditor({ ...editor, open: false })} />
      {remove.dialog}
    </Card>
  );
}
