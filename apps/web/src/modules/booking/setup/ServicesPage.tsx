import type { BookingLocation, BookingService } from "@clinic/shared";
import ContentCopy from "@mui/icons-material/ContentCopy";
import { Box, Link, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../lib/components/Loading.tsx";
import { ManageList, useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { RowButton } from "../../../lib/components/RowButtons.tsx";
import { useNotices } from "../../../lib/notices.tsx";
import { deleteService, EVERY_SETUP_LIST, publicBookingUrl, SETUP_SCREENS, useLocations, useServices, useSettings } from "./api.ts";
import { ServiceDialog } from "./ServiceDialog.tsx";
import { ActiveChip, ListHeading, LocationSelect, SetUpFirst, useChosenLocation } from "./SetupParts.tsx";
import { formatMoney } from "../../../lib/money.ts";

/** A service's public booking link, with a button that copies it for an email or a website. */
function BookingLink({ service }: { service: BookingService }) {
  const { t } = useTranslation();
  const notices = useNotices();
  const url = publicBookingUrl(service.slug);
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => notices.info(t("bookingSetup.services.copied", { name: service.name })),
      () => notices.failure(t("bookingSetup.services.copyFailed")),
    );
  return (
    <Stack direction="row" sx={{ alignItems: "center", gap: 0.5, minWidth: 0 }} component="span">
      {/* The address without its origin reads shorter; the link and the copy are whole. */}
      <Link href={url} target="_blank" rel="noopener" sx={{ overflowWrap: "anywhere" }}>
        {new URL(url).pathname}
      </Link>
      <RowButton label={t("bookingSetup.services.copyNamed", { name: service.name })} onClick={() => void copy()}>
        <ContentCopy fontSize="small" />
      </RowButton>
    </Stack>
  );
}

function Services({ location, locations }: { location: BookingLocation; locations: readonly BookingLocation[] }) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  // The platform's currency comes with the settings (an admin's are the location's clinic's).
  const settings = useSettings(location.clinicId);
  const deletion = useDeleteConfirm<BookingService>({
    title: t("bookingSetup.services.deleteTitle"),
    text: (service) => t("bookingSetup.services.deleteText", { name: service.name }),
    run: (service) => deleteService(service.id),
    invalidate: EVERY_SETUP_LIST,
    deleted: (service) => t("bookingSetup.services.deleted", { name: service.name }),
  });
  if (!settings.data) return <Loading />;
  const currency = settings.data.currency;
  const here = services.data?.filter((service) => service.locationId === location.id);
  const at = `?location=${location.id}`;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ListHeading title={t("bookingSetup.services.title")} intro={t("bookingSetup.services.intro", { location: location.name })} />
      {here?.length === 0 ? (
        <SetUpFirst
          text={t("bookingSetup.services.before")}
          links={[
            { to: SETUP_SCREENS.hours + at, label: t("bookingSetup.openHours") },
            { to: SETUP_SCREENS.equipment + at, label: t("bookingSetup.openEquipment") },
          ]}
        />
      ) : null}
      <ManageList
        addLabel={t("bookingSetup.services.add")}
        canAdd
        canEdit
        onDelete={deletion.ask}
        rows={here}
        loading={services.isLoading}
        rowKey={(service) => service.id}
        title={{ key: "name", title: t("bookingSetup.services.name"), cell: (service) => service.name, minWidth: 140 }}
        columns={[
          {
            key: "variations",
            title: t("bookingSetup.services.variations"),
            minWidth: 240,
            cell: (service) => (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {service.variations.map((variation) => (
                  <li key={variation.id}>
                    {t("bookingSetup.services.variationLine", {
                      name: variation.name,
                      minutes: variation.durationMinutes,
                      price: formatMoney(variation.priceCents, currency, i18n.language),
                    })}
                    {variation.active ? null : (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {` (${t("bookingSetup.inactive")})`}
                      </Typography>
                    )}
                  </li>
                ))}
              </Box>
            ),
          },
          {
            key: "providers",
            title: t("bookingSetup.services.providers"),
            cell: (service) => service.providers.map((provider) => provider.name).join(", "),
          },
          { key: "link", title: t("bookingSetup.services.link"), cell: (service) => <BookingLink service={service} /> },
          { key: "active", title: t("bookingSetup.state"), cell: (service) => <ActiveChip active={service.active} /> },
        ]}
        label={t("bookingSetup.services.listLabel")}
        emptyText={t("bookingSetup.services.empty")}
        nameOf={(service) => service.name}
        dialog={({ row, open, onClose }) => (
          <ServiceDialog open={open} service={row} locations={locations} location={location} currency={currency} onClose={onClose} />
        )}
      >
        {deletion.dialog}
      </ManageList>
    </Stack>
  );
}

/**
 * Services and their variations (issue 35, `variation`): what clients book at a location, who gives
 * it and in which order "anyone" books them, each variation's length, buffers, price and the rooms
 * and equipment it holds, and the public page's link to send clients.
 */
export function ServicesPage() {
  const { t } = useTranslation();
  const locations = useLocations();
  const { location, choose } = useChosenLocation(locations.data);
  if (!locations.data) return <Loading />;
  if (!location) return <SetUpFirst text={t("bookingSetup.services.noLocation")} links={[{ to: SETUP_SCREENS.config, label: t("bookingSetup.openConfig") }]} />;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <LocationSelect locations={locations.data} value={location.id} onChange={choose} label={t("bookingSetup.location")} />
      <Services key={location.id} location={location} locations={locations.data} />
    </Stack>
  );
}
