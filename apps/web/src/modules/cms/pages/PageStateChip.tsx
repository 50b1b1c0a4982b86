import type { CmsPageRow, CmsPageState } from "@clinic/shared";
import EditNoteOutlined from "@mui/icons-material/EditNoteOutlined";
import PublicOutlined from "@mui/icons-material/PublicOutlined";
import ScheduleOutlined from "@mui/icons-material/ScheduleOutlined";
import { Chip, Stack, Typography } from "@mui/material";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";

// An icon and a word on every chip: a state never rests on colour alone.
const ICONS: Record<CmsPageState, ReactElement> = { draft: <EditNoteOutlined />, scheduled: <ScheduleOutlined />, published: <PublicOutlined /> };
const COLORS: Record<CmsPageState, "default" | "info" | "success"> = { draft: "default", scheduled: "info", published: "success" };

/** A page's state, with when a scheduled one goes live and whether the draft holds changes the public does not see yet. */
export function PageStateChip({ page }: { page: Pick<CmsPageRow, "state" | "publishAt" | "hasUnpublishedChanges"> }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
      <Chip size="small" variant="outlined" color={COLORS[page.state]} icon={ICONS[page.state]} label={t(`cmsPages.states.${page.state}`)} />
      {page.state === "scheduled" && page.publishAt ? (
        <Typography variant="caption" color="text.secondary">
          {t("cmsPages.list.scheduledFor", { when: formatDateTime(page.publishAt) })}
        </Typography>
      ) : null}
      {page.state !== "draft" && page.hasUnpublishedChanges ? (
        <Typography variant="caption" color="text.secondary">
          {t("cmsPages.list.unpublishedChanges")}
        </Typography>
      ) : null}
    </Stack>
  );
}
