import type { GivenRecommendation, Paged } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Box, Card, CardContent, CardHeader, IconButton, List, ListItem, ListItemText, Pagination, Tooltip, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../lib/components/ConfirmDialog.tsx";
import { formatDate } from "../../../../lib/dates.ts";
import { useAction, useResource } from "../../../../lib/resource.ts";
import type { SelectedPatient } from "../../../../lib/session.ts";
import { ASSIGNABLE_KEY, GIVEN_KEY, nutritionParam, removeRecommendation } from "./api.ts";

const PAGE_SIZE = 10;

/** What the patient has been given, newest first; each can be taken back after confirming. */
export function GivenRecommendationsCard({ patient, nutrition }: { patient: SelectedPatient; nutrition: boolean }) {
  const { t } = useTranslation();
  const name = `${patient.nombres} ${patient.apellidos}`.trim();
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<GivenRecommendation | null>(null);
  const { data } = useResource<Paged<GivenRecommendation>>(
    [GIVEN_KEY, patient.id, nutrition, page],
    `/api/patients-recommendations/${encodeURIComponent(patient.id)}?page=${page}&rowsPerPage=${PAGE_SIZE}${nutritionParam(nutrition)}`,
  );
  const remove = useAction((row: GivenRecommendation) => removeRecommendation(patient.id, row.id), {
    invalidate: [[ASSIGNABLE_KEY], [GIVEN_KEY]],
    success: t("assignRecommendation.removed"),
    onSuccess: () => setRemoving(null),
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  // Removing the last row of a later page leaves that page empty: step back.
  const emptyLaterPage = data !== undefined && data.data.length === 0 && page > 1;
  useEffect(() => {
    if (emptyLaterPage) setPage((current) => current - 1);
  }, [emptyLaterPage]);

  return (
    <Card variant="outlined" data-testid="given-recommendations">
      <CardHeader
        title={t("assignRecommendation.givenTo", { name })}
        subheader={data ? t("assignRecommendation.givenCount", { count: data.total }) : undefined}
        slotProps={{ title: { component: "h2", variant: "h6" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {data && data.total === 0 ? <Typography color="text.secondary">{t("assignRecommendation.noneGiven")}</Typography> : null}
        <List aria-label={t("assignRecommendation.givenTo", { name })}>
          {data?.data.map((row) => (
            <ListItem
              key={row.id}
              divider
              secondaryAction={
                <Tooltip title={t("assignRecommendation.remove")}>
                  <IconButton edge="end" aria-label={t("assignRecommendation.removeNamed", { name: row.name })} onClick={() => setRemoving(row)}>
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemText
                primary={row.name}
                secondary={[row.categoryName, t("assignRecommendation.givenOn", { date: formatDate(row.givenAt) })].filter(Boolean).join(" · ")}
                sx={{ pr: 4, overflowWrap: "anywhere" }}
              />
            </ListItem>
          ))}
        </List>
        {pages > 1 ? (
          <Box sx={{ display: "flex", justifyContent: "center", mt: 1 }}>
            <Pagination count={pages} page={page} onChange={(_, value) => setPage(value)} />
          </Box>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        title={t("assignRecommendation.removeTitle")}
        text={t("assignRecommendation.removeText", { recommendation: removing?.name ?? "", name })}
        confirmLabel={t("assignRecommendation.remove")}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
