import type { AssignedActivity } from "@clinic/shared";
import CheckCircle from "@mui/icons-material/CheckCircle";
import Favorite from "@mui/icons-material/Favorite";
import FavoriteBorder from "@mui/icons-material/FavoriteBorder";
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  IconButton,
  LinearProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from "@mui/material";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAction } from "../../../../lib/resource.ts";
import { useSignedIn } from "../../../../lib/session.ts";
import { act, wasKept } from "../../../../lib/offline/act.ts";
import { ASSIGNMENTS_KEY, assignmentChanges, today } from "./api.ts";
import { playPath } from "../../games/paths.ts";
import { useAssignmentList } from "./useAssignmentList.ts";

// The dialogs bring the activity player (games, PDF, rich text): loaded when one opens, not with the home.
const loadDialogs = () => import("./PatientActivityDialogs.tsx");
const OpenActivityDialog = lazy(() => loadDialogs().then((m) => ({ default: m.OpenActivityDialog })));
const MarkDoneDialog = lazy(() => loadDialogs().then((m) => ({ default: m.MarkDoneDialog })));

type View = "upcoming" | "favorites";

/**
 * "My activities" on the patient's home (spec §2): today's and upcoming active assignments,
 * or the favourites; each opens, can be marked done (with a note) and marked favourite.
 */
export function PatientActivitiesCard() {
  const { t } = useTranslation();
  const { userId } = useSignedIn();
  const [view, setView] = useState<View>("upcoming");
  const [opened, setOpened] = useState<AssignedActivity | null>(null);
  const [finishing, setFinishing] = useState<AssignedActivity | null>(null);
  const day = today();
  const list = useAssignmentList(
    userId,
    `/api/patientAssignActivities/${encodeURIComponent(userId)}`,
    view === "favorites" ? { favorite: "true" } : { from: day },
  );
  const invalidate = [[ASSIGNMENTS_KEY, userId]];
  // Through the device outbox (issue 43): offline, the change shows at once and goes when the network returns.
  const favourite = useAction(
    (row: AssignedActivity) =>
      act({ kind: "assignment", id: row.id, body: { favorite: !row.favorite } }, row.activity.name, { ...row, favorite: !row.favorite }),
    {
      invalidate,
      replaces: (saved) => assignmentChanges([saved]),
      success: (saved) => (wasKept(saved) ? t("offline.savedOnDevice") : t("assignActivity.notices.updated")),
    },
  );
  const undo = useAction(
    (row: AssignedActivity) =>
      act({ kind: "assignment", id: row.id, body: { done: false } }, row.activity.name, { ...row, done: false, doneAt: null, result: null }),
    {
      invalidate,
      replaces: (saved) => assignmentChanges([saved]),
      success: (saved) => (wasKept(saved) ? t("offline.savedOnDevice") : t("assignActivity.notices.updated")),
    },
  );
  const sections =
    view === "favorites"
      ? [{ title: t("myActivities.favorites"), rows: list.rows }]
      : [
          { title: t("myActivities.today"), rows: list.rows.filter((row) => row.date === day) },
          { title: t("myActivities.upcoming"), rows: list.rows.filter((row) => row.date > day) },
        ];

  return (
    <Card variant="outlined" data-testid="my-activities">
      <CardHeader
        title={t("myActivities.title")}
        slotProps={{ title: { component: "h2", variant: "h6" } }}
        action={
          <ToggleButtonGroup exclusive size="small" value={view} onChange={(_, value) => value && setView(value)} aria-label={t("myActivities.show")}>
            <ToggleButton value="upcoming">{t("myActivities.todayAndUpcoming")}</ToggleButton>
            <ToggleButton value="favorites">{t("myActivities.favorites")}</ToggleButton>
          </ToggleButtonGroup>
        }
        sx={{ flexWrap: "wrap", gap: 1, "& .MuiCardHeader-action": { m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ height: 4 }}>{list.loading ? <LinearProgress aria-label={t("assignActivity.loading")} /> : null}</Box>
        {list.loaded && list.rows.length === 0 ? (
          <Typography color="text.secondary">{view === "favorites" ? t("myActivities.noFavorites") : t("myActivities.none")}</Typography>
        ) : null}
        {sections.map((section) =>
          section.rows.length === 0 ? null : (
            <Box key={section.title} component="section" aria-label={section.title} sx={{ mt: 2 }}>
              <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ textTransform: "uppercase", letterSpacing: 0.5, mb: 1 }}>
                {section.title}
              </Typography>
              <Stack spacing={1.5} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
                {section.rows.map((row) => (
                  <Box
                    component="li"
                    key={row.id}
                    data-testid="my-activity"
                    sx={{ borderLeft: 4, borderColor: row.done ? "success.main" : "primary.main", pl: 2, py: 0.5, display: "flex", gap: 1, flexWrap: "wrap" }}
                  >
                    <Box sx={{ flex: "1 1 260px", minWidth: 0 }}>
                      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
                        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                          {row.activity.name}
                        </Typography>
                        {row.done ? <Chip size="small" color="success" icon={<CheckCircle />} label={t("myActivities.doneChip")} /> : null}
                      </Stack>
                      <Typography variant="body2" color="text.secondary">
                        {view === "favorites" || row.date !== day
                          ? t("myActivities.lineDated", { date: row.date, count: row.duration, type: t(`activities.types.${row.activity.type}`) })
                          : t("myActivities.line", { count: row.duration, type: t(`activities.types.${row.activity.type}`) })}
                      </Typography>
                      {row.description ? <Typography variant="body2">{row.description}</Typography> : null}
                    </Box>
                    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                      <Tooltip title={row.favorite ? t("myActivities.unfavorite") : t("myActivities.favorite")}>
                        <IconButton
                          aria-pressed={row.favorite}
                          aria-label={t("myActivities.favoriteNamed", { name: row.activity.name })}
                          onClick={() => favourite.mutate(row)}
                          color={row.favorite ? "secondary" : "default"}
                        >
                          {row.favorite ? <Favorite /> : <FavoriteBorder />}
                        </IconButton>
                      </Tooltip>
                      <Button
                        variant="outlined"
                        size="small"
                        onClick={() => setOpened(row)}
                        aria-label={t("myActivities.openNamed", { name: row.activity.name })}
                      >
                        {t("myActivities.open")}
                      </Button>
                      {row.done ? (
                        <Button size="small" onClick={() => undo.mutate(row)} aria-label={t("myActivities.undoNamed", { name: row.activity.name })}>
                          {t("myActivities.undo")}
                        </Button>
                      ) : row.activity.type === "game" ? (
                        // A game is done by playing it: its page records the session (a full page load, served cross-origin isolated).
                        <Button variant="contained" size="small" href={playPath(row.id)} aria-label={t("myActivities.playNamed", { name: row.activity.name })}>
                          {t("myActivities.play")}
                        </Button>
                      ) : (
                        <Button
                          variant="contained"
                          size="small"
                          onClick={() => setFinishing(row)}
                          aria-label={t("myActivities.markDoneNamed", { name: row.activity.name })}
                        >
                          {t("myActivities.markDone")}
                        </Button>
                      )}
                    </Stack>
                  </Box>
                ))}
              </Stack>
            </Box>
          ),
        )}
        {list.hasMore ? (
          <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
            <Button variant="outlined" onClick={list.loadMore} disabled={list.loadingMore}>
              {t("assignActivity.loadMore")}
            </Button>
          </Box>
        ) : null}
      </CardContent>
      <Suspense fallback={null}>
        {opened ? (
          <OpenActivityDialog
            row={opened}
            onClose={() => setOpened(null)}
            onDone={() => {
              setFinishing(opened);
              setOpened(null);
            }}
          />
        ) : null}
        {finishing ? <MarkDoneDialog row={finishing} onClose={() => setFinishing(null)} /> : null}
      </Suspense>
    </Card>
  );
}
