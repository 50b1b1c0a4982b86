import { Alert, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../lib/components/Loading.tsx";
import { SETUP_SCREENS, useCan, useLocations, useProviders } from "./api.ts";
import { HoursSection } from "./HoursSection.tsx";
import { LocationSelect, SetUpFirst, useChosenLocation } from "./SetupParts.tsx";
import { SpecialDaysSection } from "./SpecialDaysSection.tsx";

/**
 * Service hours (issue 35, `service-hours`): at a chosen location, each provider's weekly hours,
 * then the location's special days (holidays, other hours), all in the location's time zone.
 */
export function ServiceHoursPage() {
  const { t } = useTranslation();
  const can = useCan();
  const canHours = can("view_dayschedule");
  const canDays = can("view_specialdayschedule");
  const locations = useLocations();
  const { location, choose } = useChosenLocation(locations.data);
  // Who a special day can be for: the location's clinic's providers (an admin's location names its clinic).
  const providers = useProviders(location?.clinicId ?? null, location !== null && canDays);
  if (!canHours && !canDays) return <Alert severity="info">{t("bookingSetup.hours.notAllowed")}</Alert>;
  if (!locations.data) return <Loading />;
  if (!location) return <SetUpFirst text={t("bookingSetup.hours.noLocation")} links={[{ to: SETUP_SCREENS.config, label: t("bookingSetup.openConfig") }]} />;
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <LocationSelect locations={locations.data} value={location.id} onChange={choose} label={t("bookingSetup.location")} />
      {canHours ? <HoursSection location={location} /> : null}
      {canDays ? <SpecialDaysSection key={location.id} location={location} providers={providers.data ?? []} /> : null}
    </Stack>
  );
}
