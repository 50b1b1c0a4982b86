import type { BookingRating, BookingRatingsSummary } from "@clinic/shared";
import { Box, Card, CardContent, Stack, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { WithId } from "../../../lib/collection.ts";
import { DateField } from "../../../lib/components/DateField.tsx";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { formatDate, formatDateTime } from "../../../lib/dates.ts";
import { useResource } from "../../../lib/resource.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { RATINGS_PATH, RATINGS_RESOURCE, ratingsSummaryPath, WORK_KEY } from "./api.ts";
import { formatCount } from "./figures.ts";
import { FiguresSection } from "./ReportPieces.tsx";
import { Stars } from "./Stars.tsx";

// Ratings are keyed by their booking and carry no `id`; this list adds no records, so
// usePagedList never reads one (it only would for records an action added).
type Row = BookingRating & WithId;

/**
 * Ratings (`/schedule/app/score`): what clients scored their visits, on average per provider and
 * per service, then each rating with its comment, newest first; optionally within two dates.
 */
export function RatingsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const headingId = useId();
  const listHeadingId = useId();
  const [since, setSince] = useState("");
  const [to, setTo] = useState("");
  const summaryPath = ratingsSummaryPath(since, to);
  const summary = useResource<BookingRatingsSummary>([WORK_KEY, "ratings-summary", summaryPath], summaryPath);
  const list = usePagedList<Row>(RATINGS_RESOURCE, RATINGS_PATH, { filters: { since, to } });
  const averages = (rows: BookingRatingsSummary["providers"], title: string, first: string) => (
    <FiguresSection
      title={title}
      rows={rows}
      rowKey={(row) => row.id}
      empty={t("bookingWork.ratings.noneYet")}
      columns={[
        { header: first, cell: (row) => row.name },
        { header: t("bookingWork.ratings.count"), cell: (row) => formatCount(row.ratings, language), numeric: true },
        { header: t("bookingWork.ratings.average"), cell: (row) => <Stars score={row.average} /> },
      ]}
    />
  );
  const columns: ManageColumn<Row>[] = [
    { key: "score", title: t("bookingWork.ratings.score"), cell: (row) => <Stars score={row.score} /> },
    { key: "comment", title: t("bookingWork.ratings.comment"), cell: (row) => row.comment || "–", minWidth: 200 },
    { key: "service", title: t("bookingWork.fields.service"), cell: (row) => row.service },
    { key: "provider", title: t("bookingWork.fields.provider"), cell: (row) => row.provider.name },
    { key: "visit", title: t("bookingWork.ratings.visit"), cell: (row) => formatDateTime(row.start) },
    { key: "rated", title: t("bookingWork.ratings.rated"), cell: (row) => formatDate(row.createdAt) },
  ];

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Card variant="outlined" component="section" aria-labelledby={headingId}>
        <CardContent>
          <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
            {t("bookingWork.ratings.filters")}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t("bookingWork.ratings.intro")}
          </Typography>
          <Stack direction="row" spacing={2}>
            <DateField
              label={t("bookingWork.bookings.from")}
              size="small"
              value={since}
              onChange={setSince}
              maxDate={to || undefined}
              sx={{ width: { xs: "50%", sm: 170 } }}
            />
            <DateField
              label={t("bookingWork.bookings.to")}
              size="small"
              value={to}
              onChange={setTo}
              minDate={since || undefined}
              sx={{ width: { xs: "50%", sm: 170 } }}
            />
          </Stack>
        </CardContent>
      </Card>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "repeat(2, minmax(0, 1fr))" }, alignItems: "start" }}>
        {averages(summary.data?.providers ?? [], t("bookingWork.ratings.perProvider"), t("bookingWork.fields.provider"))}
        {averages(summary.data?.services ?? [], t("bookingWork.ratings.perService"), t("bookingWork.fields.service"))}
      </Box>
      <Card variant="outlined" component="section" aria-labelledby={listHeadingId}>
        <CardContent>
          <Typography id={listHeadingId} variant="h6" component="h2">
            {t("bookingWork.ratings.listTitle")}
          </Typography>
          <ListLoading loading={list.loading} labels="catalogue" />
          <ManageTable
            rows={list.rows}
            rowKey={(row) => row.bookingId}
            title={{ key: "client", title: t("bookingWork.fields.client"), cell: (row) => row.clientName, minWidth: 140 }}
            columns={columns}
            label={t("bookingWork.ratings.listTitle")}
            emptyText={since || to ? t("bookingWork.ratings.noneInRange") : t("bookingWork.ratings.noneYet")}
          />
          <ListPagination list={list} labels="catalogue" />
        </CardContent>
      </Card>
    </Stack>
  );
}
