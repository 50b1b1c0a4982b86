import {
  type GroupsResponse,
  MESSAGE_BODY_MAX,
  MESSAGE_ROLES,
  MESSAGE_SUBJECT_MAX,
  type MessageInput,
  type MessageRecipient,
  type MessageRole,
  messageInputSchema,
  type Role,
  roleOf,
} from "@clinic/shared";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api.ts";
import { CheckboxChoices, ChosenChips } from "../../lib/components/ChoiceChips.tsx";
import { DateTimeField } from "../../lib/components/DateTimeField.tsx";
import { RichTextField } from "../../lib/components/RichTextField.tsx";
import { SearchPicker } from "../../lib/components/SearchPicker.tsx";
import { SwitchField } from "../../lib/components/SwitchField.tsx";
import { useSettledText } from "../../lib/debounce.ts";
import { applyFieldErrors } from "../../lib/forms.ts";
import { useSignedIn } from "../../lib/session.ts";
import { useAction, useResource } from "../../lib/resource.ts";
import { zodResolver } from "../../lib/zod-resolver.ts";
import { fromLocalInput, toLocalInput } from "../../lib/dates.ts";
import { ClinicsChooser } from "../people/Pickers.tsx";
import { MESSAGES_KEY, messageFieldMessage, RECIPIENTS_PATH, reachOf, sendMessage } from "./api.ts";

interface Option {
  id: string;
  label: string;
}

interface FormValues {
  subject: string;
  body: string;
  roles: MessageRole[];
  clinics: Option[];
  groups: Option[];
  users: Option[];
  when: "now" | "later";
  /** A DateTimeField value, in the viewer's local time. */
  sendAt: string;
  email: boolean;
}
const FIELDS = ["subject", "body", "roles", "clinics", "groups", "users", "sendAt", "email"];

/** The roles each sender can reach: a clinic has no admins or other clinics among its people, a therapist only patients. */
const ROLES_FOR: Record<Role, readonly MessageRole[]> = {
  admin: MESSAGE_ROLES,
  clinic: ["therapist", "patient"],
  therapist: ["patient"],
  patient: [],
};

const initial = (): FormValues => ({
  subject: "",
  body: "",
  roles: [],
  clinics: [],
  groups: [],
  users: [],
  when: "now",
  sendAt: toLocalInput(dayjs().add(1, "hour").startOf("hour").toISOString()),
  email: false,
});

const payloadOf = (values: FormValues): MessageInput => ({
  subject: values.subject,
  body: values.body,
  roles: values.roles,
  clinics: values.clinics.map((one) => one.id),
  groups: values.groups.map((one) => Number(one.id)),
  users: values.users.map((one) => one.id),
  sendAt: values.when === "later" ? fromLocalInput(values.sendAt) : null,
  email: values.email,
});

/** How many people the audience reaches now, asked of the server as the audience settles. */
function Reach({ audience }: { audience: ReturnType<typeof payloadOf> }) {
  const { t } = useTranslation();
  const key = useSettledText(JSON.stringify({ roles: audience.roles, clinics: audience.clinics, groups: audience.groups, users: audience.users }));
  const chosen = JSON.parse(key) as Pick<MessageInput, "roles" | "clinics" | "groups" | "users">;
  const empty = [chosen.roles, chosen.clinics, chosen.groups, chosen.users].every((list) => (list ?? []).length === 0);
  const reach = useQuery({ queryKey: [MESSAGES_KEY, "reach", key], queryFn: () => reachOf(chosen), enabled: !empty, retry: false });
  if (empty) return null;
  if (reach.error instanceof ApiError) {
    const fields = Object.values(reach.error.fieldErrors).flat();
    const text = fields[0] ?? reach.error.message;
    return (
      <Alert severity="warning" role="status">
        {messageFieldMessage(t, text)}
      </Alert>
    );
  }
  return (
    <Typography role="status" variant="body2" sx={{ fontWeight: 600 }}>
      {reach.data ? t("messages.reaches", { count: reach.data.recipients }) : t("messages.counting")}
    </Typography>
  );
}

/** Write a message: subject, text, who receives it, now or at a time, and whether it also goes by email. */
export function MessageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const session = useSignedIn();
  const role = roleOf({ isAdmin: session.isAdmin, groups: session.userData.groups });
  const isAdmin = role === "admin";
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  const form = useForm<FormValues>({
    defaultValues: initial(),
    // The payload is checked by the shared schema; its errors land on the fields of the same names.
    resolver: async (values, context, options) => {
      const result = await zodResolver(messageInputSchema)(payloadOf(values), context, options as never);
      return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors as never } : { values, errors: {} };
    },
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(initial());
  }, [open, reset]);
  const groups = useResource<GroupsResponse>(["groups", "picker"], open && isAdmin ? "/api/groups/" : null);
  const groupOptions = (groups.data?.groups ?? []).map((group) => ({ id: String(group.id), label: i18n.language === "es" ? group.name.es : group.name.en }));

  const send = useAction((values: FormValues) => sendMessage(payloadOf(values)), {
    invalidate: [[MESSAGES_KEY]],
    success: (message) => (message.state === "scheduled" ? t("messages.scheduled") : t("messages.sending")),
    onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, FIELDS),
    onSuccess: () => onClose(),
  });

  const errors = form.formState.errors;
  const message = (field: keyof FormValues) => messageFieldMessage(t, (errors[field] as { message?: string } | undefined)?.message);
  const values = form.watch();
  const translateError = (text: string) => messageFieldMessage(t, text) ?? text;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <form noValidate onSubmit={form.handleSubmit((submitted) => send.mutate(submitted))}>
        <DialogTitle id={titleId}>{t("messages.compose")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label={t("messages.subject")}
              required
              fullWidth
              {...form.register("subject")}
              error={!!errors.subject}
              helperText={message("subject")}
              slotProps={{ htmlInput: { maxLength: MESSAGE_SUBJECT_MAX } }}
            />
            <RichTextField
              control={form.control}
              name="body"
              label={t("messages.body")}
              max={MESSAGE_BODY_MAX}
              minHeight={100}
              translateError={translateError}
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
                {t("messages.recipients")}
              </Typography>
              <Stack spacing={2}>
                <Controller
                  name="roles"
                  control={form.control}
                  render={({ field }) => (
                    <CheckboxChoices
                      legend={t("messages.roles")}
                      options={ROLES_FOR[role].map((one) => ({ value: one, label: t(`messages.roleNames.${role === "admin" ? "all" : "mine"}.${one}`) }))}
                      value={field.value}
                      onChange={field.onChange}
                      error={message("roles")}
                    />
                  )}
                />
                {isAdmin ? (
                  <>
                    <Controller
                      name="clinics"
                      control={form.control}
                      render={({ field }) => (
                        <ClinicsChooser
                          label={t("messages.addClinic")}
                          hint={t("messages.clinicsHint")}
                          value={field.value}
                          onChange={field.onChange}
                          error={message("clinics")}
                          removeLabel={(name) => t("messages.remove", { name })}
                        />
                      )}
                    />
                    <Controller
                      name="groups"
                      control={form.control}
                      render={({ field }) => (
                        <Autocomplete
                          multiple
                          options={groupOptions}
                          value={field.value}
                          onChange={(_, chosen) => field.onChange(chosen)}
                          isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
                          loading={groups.network.isFetching}
                          renderInput={(params) => (
                            <TextField {...params} label={t("messages.groups")} error={!!errors.groups} helperText={message("groups")} />
                          )}
                        />
                      )}
                    />
                  </>
                ) : null}
                <Controller
                  name="users"
                  control={form.control}
                  render={({ field }) => (
                    <Box>
                      <SearchPicker<MessageRecipient>
                        path={RECIPIENTS_PATH}
                        queryKey={[MESSAGES_KEY, "recipients"]}
                        toOption={(person) => ({ id: person.id, label: `${person.name} (${person.email})` })}
                        value={null}
                        onChange={(person) => {
                          if (person && !field.value.some((one) => one.id === person.id)) field.onChange([...field.value, person]);
                        }}
                        label={t("messages.addPerson")}
                        noOptionsText={t("messages.noPeople")}
                        error={message("users")}
                      />
                      <ChosenChips value={field.value} onChange={field.onChange} removeLabel={(name) => t("messages.remove", { name })} />
                    </Box>
                  )}
                />
                <Reach audience={payloadOf(values)} />
              </Stack>
            </Box>
            <Controller
              name="when"
              control={form.control}
              render={({ field }) => (
                <FormControl component="fieldset">
                  <FormLabel component="legend">{t("messages.when")}</FormLabel>
                  <RadioGroup row value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                    <FormControlLabel value="now" control={<Radio />} label={t("messages.now")} />
                    <FormControlLabel value="later" control={<Radio />} label={t("messages.later")} />
                  </RadioGroup>
                </FormControl>
              )}
            />
            {values.when === "later" ? (
              <Controller
                name="sendAt"
                control={form.control}
                render={({ field }) => (
                  <DateTimeField
                    label={t("messages.sendAt")}
                    required
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={!!errors.sendAt}
                    helperText={message("sendAt") ?? t("messages.localTime")}
                  />
                )}
              />
            ) : null}
            <SwitchField control={form.control} name="email" label={t("messages.alsoEmail")} hint={t("messages.emailHint")} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("messages.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {values.when === "later" ? t("messages.schedule") : t("messages.send")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
