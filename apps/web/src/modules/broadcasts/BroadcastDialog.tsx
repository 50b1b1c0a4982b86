import {
  BROADCAST_MAX,
  BROADCAST_ROLES,
  BROADCAST_SEVERITIES,
  type Broadcast,
  type BroadcastInput,
  type BroadcastSeverity,
  broadcastInputSchema,
  broadcastText,
} from "@clinic/shared";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import dayjs from "dayjs";
import { Suspense, useEffect, useId, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxChoices } from "../../lib/components/ChoiceChips.tsx";
import { DateTimeField } from "../../lib/components/DateTimeField.tsx";
import { RichTextField } from "../../lib/components/RichTextField.tsx";
import { applyFieldErrors } from "../../lib/forms.ts";
import { useAction } from "../../lib/resource.ts";
import { zodResolver } from "../../lib/zod-resolver.ts";
import { ClinicsChooser } from "../people/Pickers.tsx";
import { fromLocalInput, toLocalInput } from "../../lib/dates.ts";
import { BROADCASTS_KEY, broadcastFieldMessage, createBroadcast, updateBroadcast } from "./api.ts";
import { BannerText } from "./BannerText.tsx";
import { SEVERITY_COLOR } from "./BroadcastBanners.tsx";

type Role = (typeof BROADCAST_ROLES)[number];
interface Option {
  id: string;
  label: string;
}

interface FormValues {
  messageEn: string;
  messageEs: string;
  severity: BroadcastSeverity;
  roles: Role[];
  clinics: Option[];
  /** DateTimeField values, in the viewer's local time. */
  startsAt: string;
  endsAt: string;
  dismissible: boolean;
}
const FIELDS = ["messageEn", "messageEs", "severity", "roles", "clinics", "startsAt", "endsAt", "dismissible"];

function initialOf(broadcast: Broadcast | null): FormValues {
  if (broadcast)
    return {
      messageEn: broadcast.messageEn,
      messageEs: broadcast.messageEs,
      severity: broadcast.severity,
      roles: broadcast.roles,
      clinics: broadcast.clinics.map((clinic) => ({ id: clinic.id, label: clinic.name })),
      startsAt: toLocalInput(broadcast.startsAt),
      endsAt: toLocalInput(broadcast.endsAt),
      dismissible: broadcast.dismissible,
    };
  // A new banner starts now and runs for a day, unless told otherwise.
  const now = dayjs().startOf("minute");
  return {
    messageEn: "",
    messageEs: "",
    severity: "info",
    roles: [],
    clinics: [],
    startsAt: toLocalInput(now.toISOString()),
    endsAt: toLocalInput(now.add(1, "day").toISOString()),
    dismissible: true,
  };
}

const payloadOf = (values: FormValues): BroadcastInput => ({
  ...values,
  clinics: values.clinics.map((clinic) => clinic.id),
  startsAt: fromLocalInput(values.startsAt),
  endsAt: fromLocalInput(values.endsAt),
});

/** Publish or edit a broadcast banner: both languages, severity, audience, window, dismissible, and a preview. */
export function BroadcastDialog({ open, broadcast, onClose }: { open: boolean; broadcast: Broadcast | null; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  const editing = broadcast !== null;
  const form = useForm<FormValues>({
    defaultValues: initialOf(null),
    // The API's payload is checked by the shared schema; its errors land on the form's fields of the same names.
    resolver: async (values, context, options) => {
      const result = await zodResolver(broadcastInputSchema)(payloadOf(values), context, options as never);
      return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors as never } : { values, errors: {} };
    },
  });
  const { reset } = form;
  // Filled as the dialog opens: a list refetch must not wipe what is being typed.
  const initialRef = useRef(broadcast);
  initialRef.current = broadcast;
  useEffect(() => {
    if (open) reset(initialOf(initialRef.current));
  }, [open, reset]);

  const save = useAction((values: FormValues) => (editing ? updateBroadcast(broadcast.id, payloadOf(values)) : createBroadcast(payloadOf(values))), {
    invalidate: [[BROADCASTS_KEY], ["activeBroadcasts"]],
    success: editing ? t("broadcasts.updated") : t("broadcasts.created"),
    onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, FIELDS),
    onSuccess: () => onClose(),
  });

  const errors = form.formState.errors;
  const message = (field: keyof FormValues) => broadcastFieldMessage(t, (errors[field] as { message?: string } | undefined)?.message);
  const [messageEn, messageEs, severity] = form.watch(["messageEn", "messageEs", "severity"]);
  const translateError = (text: string) => broadcastFieldMessage(t, text) ?? text;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <DialogTitle id={titleId}>{editing ? t("broadcasts.edit") : t("broadcasts.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t("broadcasts.languagesHint")}
            </Typography>
            <RichTextField
              control={form.control}
              name="messageEn"
              label={t("broadcasts.messageEn")}
              max={BROADCAST_MAX}
              minHeight={60}
              inline
              translateError={translateError}
            />
            <RichTextField
              control={form.control}
              name="messageEs"
              label={t("broadcasts.messageEs")}
              max={BROADCAST_MAX}
              minHeight={60}
              inline
              translateError={translateError}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <Controller
                name="severity"
                control={form.control}
                render={({ field }) => (
                  <TextField select fullWidth label={t("broadcasts.severity")} {...field}>
                    {BROADCAST_SEVERITIES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {t(`broadcasts.severities.${value}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="dismissible"
                control={form.control}
                render={({ field }) => (
                  <FormControlLabel
                    sx={{ width: "100%" }}
                    control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                    label={t("broadcasts.dismissible")}
                  />
                )}
              />
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {(["startsAt", "endsAt"] as const).map((name) => (
                <Controller
                  key={name}
                  name={name}
                  control={form.control}
                  render={({ field }) => (
                    <DateTimeField
                      required
                      label={t(`broadcasts.${name}`)}
                      name={field.name}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={!!errors[name]}
                      helperText={message(name) ?? t("broadcasts.localTime")}
                      sx={{ width: "100%" }}
                    />
                  )}
                />
              ))}
            </Stack>
            <Controller
              name="roles"
              control={form.control}
              render={({ field }) => (
                <CheckboxChoices
                  legend={t("broadcasts.roles")}
                  options={BROADCAST_ROLES.map((role) => ({ value: role, label: t(`broadcasts.roleNames.${role}`) }))}
                  value={field.value}
                  onChange={field.onChange}
                  error={message("roles")}
                  hint={t("broadcasts.rolesHint")}
                />
              )}
            />
            <Controller
              name="clinics"
              control={form.control}
              render={({ field }) => (
                <ClinicsChooser
                  label={t("broadcasts.addClinic")}
                  hint={t("broadcasts.clinicsHint")}
                  value={field.value}
                  onChange={field.onChange}
                  error={message("clinics")}
                  removeLabel={(clinic) => t("broadcasts.removeClinic", { clinic })}
                />
              )}
            />
            <Box component="section" aria-label={t("broadcasts.preview")}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t("broadcasts.preview")}
              </Typography>
              <Stack spacing={1}>
                {(["en", "es"] as const).map((language) => (
                  <Alert key={language} severity={SEVERITY_COLOR[severity]} role="note">
                    <Typography variant="caption" component="div" sx={{ fontWeight: 700 }}>
                      {t(`broadcasts.previewIn.${language}`)}
                    </Typography>
                    <Suspense fallback={null}>
                      <BannerText html={broadcastText({ messageEn, messageEs }, language)} />
                    </Suspense>
                  </Alert>
                ))}
              </Stack>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("broadcasts.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {editing ? t("broadcasts.save") : t("broadcasts.publish")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
