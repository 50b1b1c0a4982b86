import { assignMembershipInputSchema, isRealDate, type Membership, type MembershipClinic } from "@clinic/shared";
import { Autocomplete, Box, Button, Card, CardContent, CardHeader, MenuItem, Stack, TextField } from "@mui/material";
import dayjs from "dayjs";
import { useRef } from "react";
import { Controller, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { ASSIGNED_MEMBERSHIPS_KEY, assignMembership, MEMBERSHIP_SEATS_KEY, MEMBERSHIPS_KEY } from "./api.ts";
import { fieldMessage, monthsLabel } from "./format.ts";
// Its own check shows zod messages: in the interface language.
import "../../../lib/zod-locale.ts";

interface FormValues {
  clinic: MembershipClinic | null;
  membershipId: number | "";
  from_date: string;
  to_date: string;
}
const BODY_FIELDS = ["membershipId", "from_date", "to_date"] as const;

const todayText = () => dayjs().format("YYYY-MM-DD");
/** The last day of a plan bought on `from`: a monthly plan from 2026-01-15 runs to 2026-02-14. */
const endOf = (from: string, months: number) => dayjs(from).add(months, "month").subtract(1, "day").format("YYYY-MM-DD");

/** The body's rules come from the shared schema (to_date ≥ from_date); the clinic is the path's. */
function resolverWith(chooseClinic: string): Resolver<FormValues> {
  return async (values) => {
    const errors: FieldErrors<FormValues> = {};
    if (!values.clinic) errors.clinic = { type: "required", message: chooseClinic };
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

/** Give a clinic a plan for a period; choosing a plan or a start proposes the end date until the end is set by hand. */
export function AssignMembershipForm({ clinics, plans }: { clinics: MembershipClinic[]; plans: Membership[] }) {
  const { t } = useTranslation();
  const start = todayText();
  const defaults: FormValues = { clinic: null, membershipId: "", from_date: start, to_date: start };
  const form = useForm<FormValues>({ resolver: resolverWith(t("memberships.assignForm.chooseClinic")), defaultValues: defaults });
  const endTyped = useRef(false);
  const errors = form.formState.errors;

  const proposeEnd = (membershipId: number | "", from: string) => {
    const plan = plans.find((row) => row.id === membershipId);
    if (!endTyped.current && plan && isRealDate(from)) form.setValue("to_date", endOf(from, plan.months));
  };

  const save = useAction(
    (values: FormValues) =>
      assignMembership(values.clinic?.id ?? "", { membershipId: Number(values.membershipId), from_date: values.from_date, to_date: values.to_date }),
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
      <CardHeader title={t("memberships.assignForm.title")} slotProps={{ title: { component: "h2", variant: "h6" } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <Stack spacing={2}>
            <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ "& > *": { flex: 1 } }}>
              <Controller
                control={form.control}
                name="clinic"
                render={({ field }) => (
                  <Autocomplete
                    options={clinics}
                    value={field.value}
                    onChange={(_, value) => field.onChange(value)}
                    onBlur={field.onBlur}
                    getOptionLabel={(option) => option.name || option.email}
                    isOptionEqualToValue={(option, value) => option.id === value.id}
                    renderOption={(props, option) => (
                      <li {...props} key={option.id}>
                        {option.name} · {option.email}
                      </li>
                    )}
                    renderInput={(params) => (
                      <TextField {...params} label={t("memberships.assignment.clinic")} required error={!!errors.clinic} helperText={errors.clinic?.message} />
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
