import { Alert, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useSignedIn } from "../../../lib/session.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { useCan, useLocations, useSettings } from "./api.ts";
import { LocationsSection } from "./LocationsSection.tsx";
import { SettingsForm } from "./SettingsForm.tsx";

/**
 * The booking app's settings (issue 35, `config`): how far ahead and how soon clients may book,
 * until when they may change a booking themselves, the step of the offered starts, the default
 * buffers, the public page's texts in both languages; and the clinic's locations. An admin,
 * who has no clinic of their own, first chooses the clinic.
 */
export function ScheduleConfigPage() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const can = useCan();
  const canChange = can("change_appointmentsetting", "change_configuration");
  const [clinic, setClinic] = useState<{ id: string; label: string } | null>(null);
  const clinicId = session.isAdmin ? (clinic?.id ?? null) : null;
  const ready = !session.isAdmin || clinicId !== null;
  const settings = useSettings(clinicId, ready);
  const locations = useLocations();
  // An admin sees every clinic's locations: the chosen clinic's are this page's.
  const shown = locations.data?.filter((location) => clinicId === null || location.clinicId === clinicId);
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      {session.isAdmin ? (
        <Stack spacing={1} sx={{ maxWidth: 520 }}>
          <ClinicPicker label={t("bookingSetup.config.clinic")} required value={clinic} onChange={setClinic} />
          {clinic ? null : <Alert severity="info">{t("bookingSetup.config.chooseClinic")}</Alert>}
        </Stack>
      ) : null}
      {ready ? (
        <>
          {settings.data ? (
            <SettingsForm clinicId={clinicId} settings={settings.data} canChange={canChange} />
          ) : settings.network.error ? (
            <Alert severity="error">{t("bookingSetup.config.loadFailed")}</Alert>
          ) : (
            <Loading />
          )}
          <LocationsSection locations={shown} loading={locations.isLoading} clinicId={clinicId} canChange={canChange} />
        </>
      ) : null}
    </Stack>
  );
}
