import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import { AI_FEEDBACK, type AiFeedback, type AiLogRow } from "@clinic/shared";
import { Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../lib/components/PagedTable.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { LOGS_EXPORT_PATH, LOGS_PATH, LOGS_RESOURCE } from "./api.ts";
import { LogDialog } from "./LogDialog.tsx";

/** The logs' filters as the list sends them: the scope and, when chosen, a rating. */
export const logFilters = (clinicId: string | null, feedback: AiFeedback | "all") => ({
  clinic: clinicId ?? undefined,
  feedback: feedback === "all" ? undefined : feedback,
});

/**
 * The scope's conversations with the assistant, most recent first: who asked, how many questions,
 * how many answers they rated up or down, and when; one opens in full. A filter keeps those with
 * an answer rated so; the export holds every message of the scope.
 */
export function LogsTab({ clinicId }: { clinicId: string | null }) {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<AiFeedback | "all">("all");
  const [open, setOpen] = useState<AiLogRow | null>(null);
  const list = usePagedList<AiLogRow>(LOGS_RESOURCE, LOGS_PATH, { filters: logFilters(clinicId, feedback) });
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("aiAdmin.logs.intro")}</Typography>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        useFlexGap
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, flexWrap: "wrap" }}
      >
        <TextField
          select
          size="small"
          label={t("aiAdmin.logs.filter")}
          value={feedback}
          onChange={(event) => setFeedback(event.target.value as AiFeedback | "all")}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="all">{t("aiAdmin.logs.filterAll")}</MenuItem>
          {AI_FEEDBACK.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`aiAdmin.logs.filters.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <ExportButtons
          path={LOGS_EXPORT_PATH}
          search=""
          filters={{ clinic: clinicId ?? undefined, feedback: feedback === "all" ? undefined : feedback }}
          label={t("aiAdmin.logs.export")}
          kind="aiConversations"
        />
      </Stack>
      <PagedTable<AiLogRow>
        list={list}
        labels="people"
        label={t("aiAdmin.logs.listLabel")}
        emptyText={feedback === "all" ? t("aiAdmin.logs.empty") : t("aiAdmin.logs.emptyFiltered")}
        title={{
          key: "title",
          title: t("aiAdmin.logs.title"),
          minWidth: 200,
          cell: (row) => (
            <Link component="button" type="button" onClick={() => setOpen(row)} sx={{ textAlign: "left" }}>
              {row.title || t("aiAdmin.logs.untitled")}
            </Link>
          ),
        }}
        columns={[
          { key: "user", title: t("aiAdmin.logs.user"), cell: (row) => row.userName },
          { key: "questions", title: t("aiAdmin.logs.questions"), cell: (row) => row.questions, align: "right" },
          { key: "up", title: t("aiAdmin.logs.up"), cell: (row) => row.up, align: "right" },
          { key: "down", title: t("aiAdmin.logs.down"), cell: (row) => row.down, align: "right" },
          { key: "updatedAt", title: t("aiAdmin.logs.updatedAt"), cell: (row) => formatDateTime(row.updatedAt) },
        ]}
      />
      <LogDialog id={open?.id ?? null} title={open?.title ?? ""} onClose={() => setOpen(null)} />
    </Stack>
  );
}
