import type { BookingResource } from "@clinic/shared";
import { Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { ManageList, useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { useAction } from "../../../lib/resource.ts";
import { deleteResource, EVERY_SETUP_LIST, SETUP_SCREENS, updateResource, useLocations, useResources } from "./api.ts";
import { ResourceDialog } from "./ResourceDialog.tsx";
import { ActiveChip, ListHeading, LocationSelect, SetUpFirst, useChosenLocation } from "./SetupParts.tsx";

/**
 * Rooms and equipment (issue 35, `equipment`): what each location has and how many of it, and how
 * many variations need each. A booking holds one unit of each its variation needs. One that
 * variations need or bookings held cannot be deleted (409): it is offered to be switched off.
 */
export function EquipmentPage() {
  const { t } = useTranslation();
  const locations = useLocations();
  const { location, choose } = useChosenLocation(locations.data);
  const resources = useResources(location?.id);
  const [inUse, setInUse] = useState<BookingResource | null>(null);
  const deletion = useDeleteConfirm<BookingResource>({
    title: t("bookingSetup.equipment.deleteTitle"),
    text: (resource) => t("bookingSetup.equipment.deleteText", { name: resource.name }),
    run: (resource) => deleteResource(resource.id),
    invalidate: EVERY_SETUP_LIST,
    deleted: (resource) => t("bookingSetup.equipment.deleted", { name: resource.name }),
    onFailure: (failure, resource) => {
      if (failure instanceof ApiError && failure.status === 409) setInUse(resource);
    },
  });
  const switchOff = useAction(
    (resource: BookingResource) =>
      updateResource(resource.id, { locationId: resource.locationId, name: resource.name, kind: resource.kind, quantity: resource.quantity, active: false }),
    {
      invalidate: EVERY_SETUP_LIST,
      success: (saved) => t("bookingSetup.equipment.switchedOff", { name: saved.name }),
      onSuccess: () => setInUse(null),
      onFailure: () => setInUse(null),
    },
  );
  if (!locations.data) return <Loading />;
  if (!location)
    return <SetUpFirst text={t("bookingSetup.equipment.noLocation")} links={[{ to: SETUP_SCREENS.config, label: t("bookingSetup.openConfig") }]} />;
  const inUseName = { name: inUse?.name ?? "" };
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <LocationSelect locations={locations.data} value={location.id} onChange={choose} label={t("bookingSetup.location")} />
      <ListHeading title={t("bookingSetup.equipment.title")} intro={t("bookingSetup.equipment.intro", { location: location.name })} />
      <ManageList
        addLabel={t("bookingSetup.equipment.add")}
        canAdd
        canEdit
        onDelete={deletion.ask}
        rows={resources.data}
        loading={resources.isLoading}
        rowKey={(resource) => resource.id}
        title={{ key: "name", title: t("bookingSetup.equipment.name"), cell: (resource) => resource.name, minWidth: 160 }}
        columns={[
          { key: "kind", title: t("bookingSetup.equipment.kind"), cell: (resource) => t(`bookingShared.kinds.${resource.kind}`) },
          { key: "quantity", title: t("bookingSetup.equipment.quantity"), align: "right", cell: (resource) => resource.quantity },
          {
            key: "variations",
            title: t("bookingSetup.equipment.neededBy"),
            align: "right",
            cell: (resource) => t("bookingSetup.equipment.variationCount", { count: resource.variations }),
          },
          { key: "active", title: t("bookingSetup.state"), cell: (resource) => <ActiveChip active={resource.active} /> },
        ]}
        label={t("bookingSetup.equipment.listLabel")}
        emptyText={t("bookingSetup.equipment.empty")}
        nameOf={(resource) => resource.name}
        dialog={({ row, open, onClose }) => (
          <ResourceDialog open={open} resource={row} locations={locations.data ?? []} locationId={location.id} onClose={onClose} />
        )}
      >
        {deletion.dialog}
        <ConfirmDialog
          open={inUse !== null}
          title={t("bookingSetup.equipment.inUseTitle")}
          text={inUse?.active ? t("bookingSetup.equipment.inUseText", inUseName) : t("bookingSetup.equipment.inUseTextOff", inUseName)}
          confirmLabel={inUse?.active ? t("bookingSetup.equipment.switchOff") : t("bookingSetup.close")}
          busy={switchOff.isPending}
          onConfirm={() => (inUse?.active ? switchOff.mutate(inUse) : setInUse(null))}
          onCancel={() => setInUse(null)}
        />
      </ManageList>
    </Stack>
  );
}
