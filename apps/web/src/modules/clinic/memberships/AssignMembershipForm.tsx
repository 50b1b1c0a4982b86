import {
  assignMembershipInputSchema,
  isRealDate,
  type Membership,
  type MembershipClinic,
  type MembershipHolder,
  type Paged,
  type UserSummary,
} from "@clinic/shared";
import { Autocomplete, Box, Button, Card, CardContent, CardHeader, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from "@mui/material";
import dayjs from "dayjs";
import { useRef, useState } from "react";
import { Controller, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useSettledText } from "../../../lib/debounce.ts";
import { useAction, useResource } from "../../../lib/resource.ts";
import { ASSIGNED_MEMBERSHIPS_KEY, assignMembership, MEMBERSHIP_SEATS_KEY, MEMBERSHIPS_KEY } from "./api.ts";
import { fieldMessage, monthsLabel } from "./format.ts";
// Its own check shows zod messages: in the interface language.
import "../../../lib/zod-locale.ts";

/** A clinic or a patient, as the holder picker shows it. */
type Holder = MembershipClinic;

interface FormValues {
  holder: Holder | null;
  membershipId: number | "";
  from_date: string;
  to_date: string;
}
const BODY_FIELDS = ["membershipId", "from_date", "to_date"] as const;

const todayText = () => dayjs().format("YYYY-MM-DD");
/** The last day of a plan bought on `from`: a monthly plan from 2026-01-15 runs to 2026-02-14. */
const endOf = (from: string, months: number) => dayjs(from).add(months, "month").subtract(1, "day").format("YYYY-MM-DD");

/** The body's rules come from the shared schema (to_date ≥ from_date); the holder is the path's. */
function resolverWith(chooseHolder: () => string): Resolver<FormValues> {
  return async (values) => {
    const errors: FieldErrors<FormValues> = {};
    if (!values.holder) errors.holder = { type: "required", message: chooseHolder() };
    const body = { membershipId: values.membershipId === "" ? undefined : values.membershipId, from_date: values.from_date, to_date: values.to_date };
    const parsed = assignMembershipInputSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as (typeof BODY_FIELDS)[number];
        errors[field] ??= { type: issue.code, message: issue.message };
      }
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

const nameOf = (user: UserSummary): Holder => ({ id: user.id, name: `${user.nombres} ${user.apellidos}`.trim(), email: user.email });

/** The patients the signed-in user may see (a clinic: its own; admins: all), searched on the server as the user types. */
function usePatientOptions(text: string, enabled: boolean): Holder[] {
  const settled = useSettledText(text);
  const query = new URLSearchParams({ permission_codename_include: "is_patient", rowsPerPage: "20" });
  if (settled) query.set("q", settled);
  const { data } = useResource<Paged<UserSummary>>(["patients", "assignMembership", settled], enabled ? `/api/usuario/user?${query}` : null);
  return (data?.data ?? []).map(nameOf);
}

interface AssignMembershipFormProps {
  /** Who may be given a plan here: admins clinics and patients, a clinic its patients. */
  kinds: MembershipHolder[];
  clinics: MembershipClinic[];
  /** Platform plans, for clinics. */
  platformPlans: Membership[];
  /** Clinics' own plans, for their patients (a clinic's: its own; an admin's: every clinic's, the server checks the patient's). */
  clinicPlans: Membership[];
}

/**
 * Give a clinic one of the platform's plans, or a patient one of its clinic's own plans, for a
 * period; choosing a plan or a start proposes the end date until the end is set by hand.
 */
export function AssignMembershipForm({ kinds, clinics, platformPlans, clinicPlans }: AssignMembershipFormProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<MembershipHolder>(kinds[0] ?? "patient");
  const [patientText, setPatientText] = useState("");
  const patients = usePatientOptions(patientText, kind === "patient");
  const plans = kind === "clinic" ? platformPlans : clinicPlans;
  const start = todayText();
  const defaults: FormValues = { holder: null, membershipId: "", from_date: start, to_date: start };
  const chooseHolder = useRef<() => string>(() => "");
  chooseHolder.current = () => (kind === "clinic" ? t("memberships.assignForm.chooseClinic") : t("memberships.assignForm.choosePatient"));
  const form = useForm<FormValues>({ resolver: resolverWith(() => chooseHolder.current()), defaultValues: defaults });
  const endTyped = useRef(false);
  const errors = form.formState.errors;

  const switchKind = (next: MembershipHolder | null) => {
    if (!next || next === kind) return;
    setKind(next);
    form.reset({ ...form.getValues(), holder: null, membershipId: "" });
  };

  const proposeEnd = (membershipId: number | "", from: string) => {
    const plan = plans.find((row) => row.id === membershipId);
    if (!endTyped.current && plan && isRealDate(from)) form.setValue("to_date", endOf(from, plan.months));
  };

  const save = useAction(
    (values: FormValues) =>
      assignMembership(values.holder?.id ?? "", { membershipId: Number(values.membershipId), from_date: values.from_date, to_date: values.to_date }),
    {
      invalidate: [[ASSIGNED_MEMBERSHIPS_KEY], [MEMBERSHIPS_KEY], [MEMBERSHIP_SEATS_KEY]],
      success: t("memberships.assignment.created"),
      onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, BODY_FIELDS),
      onSuccess: () => {
        endTyped.current = false;
        form.reset(defaults);
      },
    },
  );

  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardHeader
        title={kinds.includes("clinic") ? t("memberships.assignForm.title") : t("memberships.assignForm.patientTitle")}
        slotProps={{ title: { component: "h2", variant: "h6" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <Stack spacing={2}>
            {kinds.length > 1 ? (
              <ToggleButtonGroup
                exclusive
                size="small"
                value={kind}
                onChange={(_, next: MembershipHolder | null) => switchKind(next)}
                aria-label={t("memberships.assignForm.holderKind")}
              >
                {kinds.map((option) => (
                  <ToggleButton key={option} value={option}>
                    {t(`memberships.holder.${option}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            ) : null}
            <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ "& > *": { flex: 1 } }}>
              <Controller
                control={form.control}
                name="holder"
                render={({ field }) => (
                  <Autocomplete
                    key={kind}
                    options={kind === "clinic" ? clinics : patients}
                    value={field.value}
                    onChange={(_, value) => field.onChange(value)}
                    onBlur={field.onBlur}
                    // Patients are searched on the server: the options are already the matches.
                    filterOptions={kind === "clinic" ? undefined : (options) => options}
                    onInputChange={(_, text) => {
                      if (kind === "patient") setPatientText(text);
                    }}
                    getOptionLabel={(option) => option.name || option.email}
                    isOptionEqualToValue={(option, value) => option.id === value.id}
                    renderOption={(props, option) => (
                      <li {...props} key={option.id}>
                        {option.name} · {option.email}
                      </li>
                    )}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={kind === "clinic" ? t("memberships.assignment.clinic") : t("memberships.assignment.patient")}
                        required
                        error={!!errors.holder}
                        helperText={errors.holder?.message}
                      />
                    )}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="membershipId"
                render={({ field }) => (
                  <TextField
                    select
                    label={t("memberships.plan")}
                    required
                    value={field.value}
                    onChange={(event) => {
                      const id = Number(event.target.value);
                      field.onChange(id);
                      proposeEnd(id, form.getValues("from_date"));
                    }}
                    onBlur={field.onBlur}
                    error={!!errors.membershipId}
                    helperText={fieldMessage(t, errors.membershipId?.message)}
                  >
                    {plans.map((plan) => (
                      <MenuItem key={plan.id} value={plan.id}>
                        {plan.plan} · {monthsLabel(t, plan.months)}
                        {plan.public ? "" : ` · ${t("memberships.hidden")}`}
                        {kinds.includes("clinic") && plan.clinic ? ` · ${plan.clinic.name}` : ""}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ "& > *": { flex: 1, maxWidth: { sm: 240 } } }}>
              <Controller
                control={form.control}
                name="from_date"
                render={({ field }) => (
                  <DateField
                    label={t("memberships.assignment.from")}
                    required
                    name={field.name}
                    value={field.value}
                    onChange={(value) => {
                      field.onChange(value);
                      proposeEnd(form.getValues("membershipId"), value);
                    }}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={!!errors.from_date}
                    helperText={fieldMessage(t, errors.from_date?.message)}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="to_date"
                render={({ field }) => (
                  <DateField
                    label={t("memberships.assignment.to")}
                    required
                    name={field.name}
                    value={field.value}
                    onChange={(value) => {
                      endTyped.current = true;
                      field.onChange(value);
                    }}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={!!errors.to_date}
                    helperText={fieldMessage(t, errors.to_date?.message)}
                  />
                )}
              />
            </Stack>
            <Box>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {t("memberships.assignForm.submit")}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
