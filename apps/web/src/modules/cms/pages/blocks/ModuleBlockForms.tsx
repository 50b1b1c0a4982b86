import { type BookingService, CMS_LIMITS } from "@clinic/shared";
import { Alert, MenuItem, Stack, TextField } from "@mui/material";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useResource } from "../../../../lib/resource.ts";
import { useSignedIn } from "../../../../lib/session.ts";
import { BlockField, type BlockFormProps } from "./BlockField.tsx";

const SERVICES_PATH = "/api/schedule/services";

/** A block whose module is off is kept and saved, but the public page leaves it out until the module is on. */
function ModuleOffNote({ on, text }: { on: boolean; text: string }) {
  return on ? null : <Alert severity="info">{text}</Alert>;
}

/**
 * A button to the booking app: to one service, or to the list of them. The services are offered
 * when the editor may read them (the booking app's own permission); otherwise the button leads to
 * the list, which is always right.
 */
export function BookingBlockForm(props: BlockFormProps) {
  const { t } = useTranslation();
  const session = useSignedIn();
  const on = session.flags.schedule === true;
  const services = useResource<BookingService[]>(["cms-booking-services"], on ? SERVICES_PATH : null, { quiet: true });
  const path = `blocks.${props.index}.serviceId`;
  return (
    <Stack spacing={2}>
      <ModuleOffNote on={on} text={t("cmsPages.blocks.moduleOff.booking")} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <BlockField {...props} name="label" label={t("cmsPages.blocks.fields.label")} max={CMS_LIMITS.label} required />
        <Controller
          control={props.form.control}
          name={path as never}
          render={({ field }) => {
            const value = field.value as number | null;
            const options = (services.data ?? []).filter((service) => service.active || service.id === value);
            return (
              <TextField
                select
                label={t("cmsPages.blocks.fields.service")}
                value={value === null ? "" : String(value)}
                onChange={(event) => field.onChange(event.target.value === "" ? null : Number(event.target.value))}
                onBlur={field.onBlur}
                error={!!props.text(path)}
                helperText={props.text(path) ?? t("cmsPages.blocks.hints.service")}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                fullWidth
              >
                <MenuItem value="">{t("cmsPages.blocks.anyService")}</MenuItem>
                {value !== null && !options.some((service) => service.id === value) ? (
                  <MenuItem value={String(value)}>{t("cmsPages.blocks.serviceNumber", { id: value })}</MenuItem>
                ) : null}
                {options.map((service) => (
                  <MenuItem key={service.id} value={String(service.id)}>
                    {service.name}
                  </MenuItem>
                ))}
              </TextField>
            );
          }}
        />
      </Stack>
    </Stack>
  );
}

/** The next events, each linking to its page: a heading and how many. */
export function EventsBlockForm(props: BlockFormProps) {
  const { t } = useTranslation();
  const session = useSignedIn();
  const path = `blocks.${props.index}.count`;
  return (
    <Stack spacing={2}>
      <ModuleOffNote on={session.flags.event_app === true} text={t("cmsPages.blocks.moduleOff.events")} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <BlockField
          {...props}
          name="title"
          label={t("cmsPages.blocks.fields.eventsTitle")}
          max={CMS_LIMITS.title}
          hint={t("cmsPages.blocks.hints.eventsTitle")}
        />
        <TextField
          type="number"
          label={t("cmsPages.blocks.fields.count")}
          required
          {...props.form.register(path as never, { valueAsNumber: true })}
          error={!!props.text(path)}
          helperText={props.text(path) ?? t("cmsPages.blocks.hints.count", { max: CMS_LIMITS.events })}
          slotProps={{ htmlInput: { min: 1, max: CMS_LIMITS.events, step: 1, inputMode: "numeric" } }}
          sx={{ minWidth: 160 }}
        />
      </Stack>
    </Stack>
  );
}
