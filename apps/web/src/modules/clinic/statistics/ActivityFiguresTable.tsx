import type { StatisticsActivity } from "@clinic/shared";
import { TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FiguresTable } from "../../../lib/components/ChartFigure.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { formatDuration, formatNumber } from "../assign/activity/gameFigures.ts";
import { formatPercent } from "./shape.ts";

/**
 * The figures per activity (assigned, done, adherence, sessions, time played, last done): one
 * patient's (ActivitiesCard) or, with `patients`, every patient's (GlobalActivitiesCard).
 */
export function ActivityFiguresTable<Row extends StatisticsActivity & { patients?: number }>(props: {
  id: string;
  caption: string;
  rows: Row[];
  /** The activity's name as shown, e.g. a link to its own statistics. */
  name: (row: Row) => ReactNode;
  /** Adds the column of how many patients each activity reached. */
  patients?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const none = t("statistics.none");
  return (
    <FiguresTable id={props.id} caption={props.caption}>
      <TableHead>
        <TableRow>
          <TableCell>{t("statistics.columns.activity")}</TableCell>
          {props.patients && <TableCell align="right">{t("statistics.global.patients")}</TableCell>}
          <TableCell align="right">{t("statistics.adherence.assigned")}</TableCell>
          <TableCell align="right">{t("statistics.adherence.done")}</TableCell>
          <TableCell align="right">{t("statistics.totals.adherence")}</TableCell>
          <TableCell align="right">{t("statistics.totals.sessions")}</TableCell>
          <TableCell align="right">{t("statistics.totals.played")}</TableCell>
          <TableCell>{t("statistics.columns.lastDone")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.map((activity) => (
          <TableRow key={activity.id}>
            <TableCell component="th" scope="row">
              {props.name(activity)}
              <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                {activity.family ? t(`games.families.${activity.family}`) : t(`statistics.types.${activity.type}`, { defaultValue: activity.type })}
              </Typography>
            </TableCell>
            {props.patients && <TableCell align="right">{formatNumber(language, activity.patients ?? 0)}</TableCell>}
            <TableCell align="right">{formatNumber(language, activity.assigned)}</TableCell>
            <TableCell align="right">{formatNumber(language, activity.done)}</TableCell>
            <TableCell align="right">{activity.assigned > 0 ? formatPercent(language, activity.done / activity.assigned) : none}</TableCell>
            <TableCell align="right">{formatNumber(language, activity.sessions)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
              {activity.sessions > 0 ? formatDuration(t, language, activity.playedMs) : none}
            </TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{activity.lastDoneAt ? formatDateTime(activity.lastDoneAt) : none}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </FiguresTable>
  );
}
