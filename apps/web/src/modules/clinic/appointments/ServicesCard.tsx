import type { Schedule, Service } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { Box, Button, Card, CardContent, Collapse, IconButton, List, ListItem, Tooltip, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CardHeading } from "./CardHeading.tsx";
import { useResource } from "../../../lib/resource.ts";
import { useConfirmedDelete } from "../catalogue/useConfirmedDelete.tsx";
import { deleteService, SCHEDULES_KEY, SERVICES_KEY } from "./api.ts";
import { ServiceDialog } from "./ServiceDialog.tsx";
import { SlotPreview } from "./SlotPreview.tsx";

/** The services the staff member gives (a clinic or an admin: those of their scope), each bookable from a schedule. */
export function ServicesCard({ canChange, showProvider }: { canChange: boolean; showProvider: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data: services } = useResource<Service[]>([SERVICES_KEY, "user"], "/api/user-services/");
  const { data: schedules } = useResource<Schedule[]>([SCHEDULES_KEY], "/api/schedules/");
  const [editor, setEditor] = useState<{ open: boolean; service: Service | null }>({ open: false, service: null });
  const [previewed, setPreviewed] = useState<number | null>(null);
  const remove = useConfirmedDelete<Service>({
    remove: (service) => deleteService(service.id),
    invalidate: [[SERVICES_KEY]],
    success: t("services.removed"),
    title: t("services.deleteTitle"),
    text: (service) => t("catalogue.deleteText", { name: service.name }),
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <CardHeading
          titleId={titleId}
          title={t("services.title")}
          hint={t("services.hint")}
          addLabel={t("services.add")}
          onAdd={canChange ? () => setEditor({ open: true, service: null }) : null}
        />
        {services && services.length === 0 ? <Typography color="text.secondary">{t("services.empty")}</Typography> : null}
        <List disablePadding aria-labelledby={titleId}>
          {services?.map((service) => {
            const open = previewed === service.id;
            return (
              <ListItem key={service.id} divider disableGutters sx={{ display: "block", py: 1.5 }}>
                <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{service.name}</Typography>
                    <Typography variant="body2" sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                      {service.description}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {[
                        service.scheduleName ? t("services.bookableFrom", { name: service.scheduleName }) : t("services.notBookable"),
                        showProvider ? service.providerName : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </Typography>
                  </Box>
                  {canChange ? (
                    <Box sx={{ whiteSpace: "nowrap" }}>
                      <Tooltip title={t("catalogue.edit")}>
                        <IconButton
                          aria-label={t("catalogue.editNamed", { name: service.name })}
                          onClick={() => setEditor({ open: true, service })}
                          size="small"
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t("catalogue.delete")}>
                        <IconButton aria-label={t("catalogue.deleteNamed", { name: service.name })} onClick={() => remove.ask(service)} size="small">
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  ) : null}
                </Box>
                {service.scheduleId !== null ? (
                  <>
                    <Button size="small" sx={{ mt: 0.5, ml: -0.5 }} aria-expanded={open} onClick={() => setPreviewed(open ? null : service.id)}>
                      {open ? t("services.hidePreview") : t("services.preview")}
                    </Button>
                    <Collapse in={open} unmountOnExit>
                      <Box sx={{ pt: 1 }}>
                        <SlotPreview serviceId={service.id} />
                      </Box>
                    </Collapse>
                  </>
                ) : null}
              </ListItem>
            );
          })}
        </List>
      </CardContent>
      <ServiceDialog open={editor.open} service={editor.service} schedules={schedules ?? []} onClose={() => setEditor({ ...editor, open: false })} />
      {remove.dialog}
    </Card>
  );
}
