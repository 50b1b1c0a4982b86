import type { BookingHours, BookingLocation } from "@clinic/shared";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { Box, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../lib/components/Loading.tsx";
import { ManageTable } from "../../../lib/components/ManageTable.tsx";
import { RowButton } from "../../../lib/components/RowButtons.tsx";
import { useResource } from "../../../lib/resource.ts";
import { SETUP_KEY } from "./api.ts";
import { HoursDialog } from "./HoursDialog.tsx";
import { hoursLabel, sortedRules } from "./hours.ts";

/** Each provider's weekly hours at the location, edited one provider at a time. */
export function HoursSection({ location }: { location: BookingLocation }) {
  const { t } = useTranslation();
  const hours = useResource<BookingHours[]>([SETUP_KEY, "hours", location.id], `/api/schedule/hours?locationId=${location.id}`);
  const [editing, setEditing] = useState<BookingHours | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="booking-hours-heading">
      <Stack spacing={1.5}>
        <div>
          <Typography id="booking-hours-heading" component="h2" variant="h6">
            {t("bookingSetup.hours.title")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("bookingSetup.hours.intro", { location: location.name, timeZone: location.timeZone })}
          </Typography>
        </div>
        {hours.isLoading ? <Loading /> : null}
        <ManageTable
          rows={hours.data}
          rowKey={(row) => row.provider.id}
          title={{ key: "provider", title: t("bookingSetup.provider"), cell: (row) => row.provider.name, minWidth: 160 }}
          columns={[
            {
              key: "rules",
              title: t("bookingSetup.hours.weekly"),
              cell: (row) =>
                row.rules.length === 0 ? (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t("bookingSetup.hours.none")}
                  </Typography>
                ) : (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {sortedRules(row.rules).map((rule) => (
                      <li key={`${rule.day}-${rule.start}`}>
                        {t("bookingSetup.hours.rule", { day: t(`bookingSetup.days.${rule.day}`), hours: hoursLabel(rule.start, rule.end) })}
                      </li>
                    ))}
                  </Box>
                ),
            },
          ]}
          actions={(row) => (
            <RowButton label={t("bookingSetup.hours.editNamed", { name: row.provider.name })} onClick={() => setEditing(row)}>
              <EditOutlined fontSize="small" />
            </RowButton>
          )}
          label={t("bookingSetup.hours.listLabel")}
          emptyText={t("bookingSetup.hours.noProviders")}
        />
      </Stack>
      <HoursDialog open={editing !== null} hours={editing} locationId={location.id} timeZone={location.timeZone} onClose={() => setEditing(null)} />
    </Paper>
  );
}
