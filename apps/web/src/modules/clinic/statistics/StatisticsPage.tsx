import { Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ActivitiesCard } from "./ActivitiesCard.tsx";
import { SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { AdherenceCard } from "./AdherenceCard.tsx";
import { DizzinessCard } from "./DizzinessCard.tsx";
import { FamilyCard } from "./FamilyCard.tsx";
import { RecentSessionsCard } from "./SessionsCard.tsx";
import { StatisticsFrame, StatisticsHeading } from "./StatisticsFrame.tsx";
import { TotalsCard } from "./TotalsCard.tsx";

/**
 * `statistics` (spec §2, issue 18): a patient's progress over a range of days, for the
 * therapist to read at a glance: the totals, adherence over time, each game family's main
 * measures and their trend, dizziness before and after, the latest sessions, and per activity.
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  return (
    <StatisticsFrame heading={(data) => <StatisticsHeading title={data ? t("statistics.of", { name: data.patient.name }) : t("statistics.title")} />}>
      {(data, scope) => (
        <>
          <TotalsCard totals={data.data.totals} />
          <AdherenceCard data={data.data} scope={scope} />
          {data.data.families.length === 0 ? (
            <SectionCard title={t("statistics.family.title")}>
              <Typography color="text.secondary">{t("statistics.family.none")}</Typography>
            </SectionCard>
          ) : (
            <Stack spacing={3}>
              {data.data.families.map((family) => (
                <FamilyCard key={family.family} family={family} scope={scope} />
              ))}
            </Stack>
          )}
          <DizzinessCard points={data.data.dizziness} scope={scope} />
          <RecentSessionsCard sessions={data.data.sessions} scope={scope} />
          <ActivitiesCard activities={data.activities} scope={scope} />
        </>
      )}
    </StatisticsFrame>
  );
}
