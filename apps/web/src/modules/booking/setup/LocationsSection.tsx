import type { BookingLocation } from "@clinic/shared";
import { Paper, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ManageList, useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { deleteLocation, EVERY_SETUP_LIST } from "./api.ts";
import { LocationDialog } from "./LocationDialog.tsx";

/**
 * The clinic's locations: where services are given, each with the time zone its hours are in.
 * One that services or bookings use cannot go (409): the notice says what to move first.
 */
export function LocationsSection({
  locations,
  loading,
  clinicId,
  canChange,
}: {
  locations: BookingLocation[] | undefined;
  loading: boolean;
  clinicId: string | null;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const deletion = useDeleteConfirm<BookingLocation>({
    title: t("bookingSetup.locations.deleteTitle"),
    text: (location) => t("bookingSetup.locations.deleteText", { name: location.name }),
    run: (location) => deleteLocation(location.id),
    invalidate: EVERY_SETUP_LIST,
    deleted: (location) => t("bookingSetup.locations.deleted", { name: location.name }),
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="booking-locations-heading">
      <Stack spacing={1}>
        <Typography id="booking-locations-heading" component="h2" variant="h6">
          {t("bookingSetup.locations.title")}
        </Typography>
        <ManageList
          intro={t("bookingSetup.locations.intro")}
          addLabel={t("bookingSetup.locations.add")}
          canAdd={canChange}
          canEdit={canChange}
          onDelete={canChange ? deletion.ask : undefined}
          rows={locations}
          loading={loading}
          rowKey={(location) => location.id}
          title={{ key: "name", title: t("bookingSetup.locations.name"), cell: (location) => location.name }}
          columns={[
            { key: "address", title: t("bookingSetup.locations.address"), cell: (location) => location.address || "—" },
            { key: "timeZone", title: t("bookingSetup.locations.timeZone"), cell: (location) => location.timeZone },
          ]}
          label={t("bookingSetup.locations.listLabel")}
          emptyText={t("bookingSetup.locations.empty")}
          nameOf={(location) => location.name}
          dialog={({ row, open, onClose }) => <LocationDialog open={open} location={row} clinicId={clinicId} onClose={onClose} />}
        >
          {deletion.dialog}
        </ManageList>
      </Stack>
    </Paper>
  );
}
