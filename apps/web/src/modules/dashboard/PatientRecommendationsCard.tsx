import type { GivenRecommendation, Paged } from "@clinic/shared";
import { Box, Card, CardContent, CardHeader, Chip, Pagination, Skeleton, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RichTextView } from "../../lib/components/RichTextView.tsx";
import { formatDate } from "../../lib/dates.ts";
import { useResource } from "../../lib/resource.ts";
import { useSignedIn } from "../../lib/session.ts";

const PAGE_SIZE = 5;

/** "My recommendations" on the patient's home: what their therapists gave them, newest first, in full. */
export function PatientRecommendationsCard() {
  const { t } = useTranslation();
  const { userId } = useSignedIn();
  const [page, setPage] = useState(1);
  const { data } = useResource<Paged<GivenRecommendation>>(
    ["patientRecommendations", userId, "home", page],
    `/api/patients-recommendations/${encodeURIComponent(userId)}?page=${page}&rowsPerPage=${PAGE_SIZE}`,
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Card variant="outlined" data-testid="my-recommendations">
      <CardHeader title={t("dashboard.myRecommendations")} slotProps={{ title: { component: "h2", variant: "h6" } }} />
      <CardContent sx={{ pt: 0 }}>
        {!data ? <Skeleton variant="rounded" height={80} aria-hidden /> : null}
        {data && data.total === 0 ? <Typography color="text.secondary">{t("dashboard.noRecommendations")}</Typography> : null}
        <Stack spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {data?.data.map((item) => (
            <Box component="li" key={item.id} sx={{ borderLeft: 4, borderColor: item.nutrition ? "success.main" : "primary.main", pl: 2 }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {item.name}
                </Typography>
                {item.categoryName ? <Chip size="small" variant="outlined" label={item.categoryName} /> : null}
                {item.nutrition ? <Chip size="small" color="success" variant="outlined" label={t("dashboard.nutrition")} /> : null}
              </Stack>
              <RichTextView html={item.description} />
              <Typography variant="caption" color="text.secondary">
                {t("dashboard.givenOn", { date: formatDate(item.givenAt) })}
              </Typography>
            </Box>
          ))}
        </Stack>
        {pages > 1 ? (
          <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
            <Pagination count={pages} page={page} onChange={(_, value) => setPage(value)} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
