import type { ServiceSlots } from "@clinic/shared";
import { Box, Chip, LinearProgress, Typography } from "@mui/material";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";
import { useResource } from "../../../lib/resource.ts";
import { SLOTS_KEY, slotsPath } from "./api.ts";

const PREVIEW_DAYS = 14;
const PREVIEW_SLOTS = 8;

/** The next free times patients can book of a service (two weeks ahead), as its provider checks them. */
export function SlotPreview({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const from = dayjs().format("YYYY-MM-DD");
  const to = dayjs()
    .add(PREVIEW_DAYS - 1, "day")
    .format("YYYY-MM-DD");
  const { data, network } = useResource<ServiceSlots>([SLOTS_KEY, serviceId, from, to], slotsPath(serviceId, from, to));
  if (!data) return <Box sx={{ height: 4 }}>{network.isFetching ? <LinearProgress aria-label={t("appointments.loading")} /> : null}</Box>;
  if (data.slots.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t("services.previewEmpty")}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ display: "flex", flexWrap: "wrap", gap: 1, p: 0, m: 0, listStyle: "none" }} aria-label={t("services.preview")}>
      {data.slots.slice(0, PREVIEW_SLOTS).map((slot) => (
        <li key={slot.start}>
          <Chip size="small" variant="outlined" label={formatDateTime(slot.start)} />
        </li>
      ))}
    </Box>
  );
}
