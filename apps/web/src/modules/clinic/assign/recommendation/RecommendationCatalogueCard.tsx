import { type AssignableRecommendation, type Paged, richTextToPlain } from "@clinic/shared";
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Pagination,
  Stack,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SearchField } from "../../../../lib/components/SearchField.tsx";
import { useSettledText } from "../../../../lib/debounce.ts";
import { useAction, useResource } from "../../../../lib/resource.ts";
import type { SelectedPatient } from "../../../../lib/session.ts";
import { ASSIGNABLE_KEY, GIVEN_KEY, giveRecommendations, nutritionParam } from "./api.ts";
import { emptyListText } from "../../../../lib/empty-list.ts";

const PAGE_SIZE = 10;

/**
 * The recommendations the signed-in staff member can give, searched and paged on the server;
 * ticked ones (kept across pages and searches) are given to the patient in one request.
 */
export function RecommendationCatalogueCard({ patient, nutrition }: { patient: SelectedPatient; nutrition: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const q = useSettledText(search, () => setPage(1));
  const params = new URLSearchParams({ page: String(page), rowsPerPage: String(PAGE_SIZE), patient: patient.id });
  if (q) params.set("q", q);
  const { data, network } = useResource<Paged<AssignableRecommendation>>(
    [ASSIGNABLE_KEY, patient.id, nutrition, params.toString()],
    `/api/assignListRecommendations/?${params}${nutritionParam(nutrition)}`,
  );
  const give = useAction((ids: number[]) => giveRecommendations(patient.id, ids), {
    invalidate: [[ASSIGNABLE_KEY], [GIVEN_KEY]],
    success: t("assignRecommendation.given"),
    onSuccess: () => setChecked(new Set()),
  });
  const toggle = (id: number) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Card variant="outlined">
      <CardHeader
        title={nutrition ? t("assignRecommendation.nutritionCatalogue") : t("assignRecommendation.catalogue")}
        subheader={t("assignRecommendation.catalogueHint")}
        slotProps={{ title: { component: "h2", variant: "h6" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <SearchField label={t("assignRecommendation.search")} value={search} onChange={setSearch} />
        <Box sx={{ height: 4, mt: 1 }}>{network.isFetching ? <LinearProgress aria-label={t("assignRecommendation.loading")} /> : null}</Box>
        {data && data.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {emptyListText(t, q, nutrition ? "assignRecommendation.noneNutrition" : "assignRecommendation.none", "assignRecommendation.noMatch")}
          </Typography>
        ) : null}
        <List aria-label={t("assignRecommendation.catalogue")}>
          {data?.data.map((row) => {
            const labelId = `assignable-${row.id}`;
            const isChecked = row.assigned || checked.has(row.id);
            return (
              <ListItem key={row.id} disablePadding divider>
                {/* The whole row is the checkbox's label: a click anywhere ticks it, and nothing interactive is nested. */}
                <Box
                  component="label"
                  sx={{
                    display: "flex",
                    alignItems: "flex-start",
                    width: "100%",
                    px: 1,
                    py: 0.5,
                    cursor: row.assigned ? "default" : "pointer",
                    "&:hover": { bgcolor: row.assigned ? undefined : "action.hover" },
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Checkbox
                      edge="start"
                      checked={isChecked}
                      disabled={row.assigned}
                      onChange={() => toggle(row.id)}
                      slotProps={{ input: { "aria-labelledby": labelId } }}
                    />
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} useFlexGap component="span" sx={{ alignItems: "center", flexWrap: "wrap" }}>
                        <span id={labelId}>{row.name}</span>
                        {row.categoryName ? <Chip component="span" size="small" variant="outlined" label={row.categoryName} /> : null}
                        {row.assigned ? <Chip component="span" size="small" color="primary" label={t("assignRecommendation.alreadyGiven")} /> : null}
                      </Stack>
                    }
                    secondary={richTextToPlain(row.description)}
                    slotProps={{
                      secondary: { component: "span", sx: { display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflow: "hidden" } },
                    }}
                  />
                </Box>
              </ListItem>
            );
          })}
        </List>
        {pages > 1 ? (
          <Box sx={{ display: "flex", justifyContent: "center", my: 1 }}>
            <Pagination count={pages} page={page} onChange={(_, value) => setPage(value)} />
          </Box>
        ) : null}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mt: 1, justifyContent: "flex-end" }}>
          {checked.size > 0 ? <Button onClick={() => setChecked(new Set())}>{t("assignRecommendation.clear")}</Button> : null}
          <Button variant="contained" disabled={checked.size === 0 || give.isPending} onClick={() => give.mutate([...checked])}>
            {t("assignRecommendation.give", { count: checked.size })}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
