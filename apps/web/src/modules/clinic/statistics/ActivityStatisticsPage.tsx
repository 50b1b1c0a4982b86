import ArrowBack from "@mui/icons-material/ArrowBack";
import { Alert, Box, Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import { statisticsScreen } from "./api.ts";
import { AdherenceCard } from "./AdherenceCard.tsx";
import { DizzinessCard } from "./DizzinessCard.tsx";
import { FamilyCard } from "./FamilyCard.tsx";
import { ActivitySessionsCard } from "./SessionsCard.tsx";
import { StatisticsFrame, StatisticsHeading } from "./StatisticsFrame.tsx";
import { TotalsCard } from "./TotalsCard.tsx";

const INT_MAX = 2_147_483_647;

/**
 * `statistics/:id` (spec §2): one activity's statistics for the patient over the range: its
 * measures and their trend, dizziness, and every session with its trials. An activity that is
 * not a game has its adherence only.
 */
export function ActivityStatisticsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const activity = id && /^\d{1,10}$/.test(id) ? Number(id) : null;
  if (activity === null || activity < 1 || activity > INT_MAX) return <Alert severity="warning">{t("statistics.activityNotFound")}</Alert>;
  return (
    <StatisticsFrame
      activity={activity}
      heading={(data) => (
        <StatisticsHeading
          title={data?.activity ? data.activity.name : t("statistics.activityTitle")}
          subtitle={data ? t("statistics.of", { name: data.patient.name }) : undefined}
        />
      )}
    >
      {(data, scope) => {
        const game = data.activity?.type === "game";
        return (
          <>
            <Box>
              <Button component={RouterLink} to={statisticsScreen("statistics", scope.user, scope)} startIcon={<ArrowBack />}>
                {t("statistics.back")}
              </Button>
            </Box>
            {game ? null : <Alert severity="info">{t("statistics.notAGame", { name: data.activity?.name ?? "" })}</Alert>}
            <TotalsCard totals={data.data.totals} title={t("statistics.totals.ofActivity")} games={game} />
            <AdherenceCard data={data.data} scope={scope} />
            {game ? data.data.families.map((family) => <FamilyCard key={family.family} family={family} scope={scope} />) : null}
            {game ? <DizzinessCard points={data.data.dizziness} scope={scope} showActivity={false} /> : null}
            {game ? <ActivitySessionsCard sessions={data.data.sessions} scope={scope} /> : null}
          </>
        );
      }}
    </StatisticsFrame>
  );
}
