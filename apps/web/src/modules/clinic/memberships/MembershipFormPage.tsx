import { MEMBERSHIP_MONTH_VALUES, type Membership, type MembershipValues, membershipInputSchema, PLAN_DESCRIPTION_MAX, PLAN_MAX } from "@clinic/shared";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { Alert, Box, Button, Card, CardContent, CardHeader, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useEffect } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction, useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { ASSIGNED_MEMBERSHIPS_KEY, createMembership, MEMBERSHIPS_KEY, membershipKey, updateMembership } from "./api.ts";
import { fieldMessage, formatMoney, monthsLabel } from "./format.ts";
import { MEMBERSHIPS_PATH } from "./PlansCard.tsx";

/** What the inputs hold: prices as typed (validated by the shared schema), counts as numbers. */
interface FormValues {
  plan: string;
  description: string;
  value: string;
  valueAnnual: string;
  valuePatient: string;
  months: number;
  nUsers: number | undefined;
  nPatients: number | undefined;
  public: boolean;
}
const FIELDS = ["plan", "description", "value", "valueAnnual", "valuePatient", "months", "nUsers", "nPatients", "public"] as const;
const EMPTY: FormValues = {
  plan: "",
  description: "",
  value: "",
  valueAnnual: "",
  valuePatient: "",
  months: 1,
  nUsers: undefined,
  nPatients: undefined,
  public: true,
};

const valuesOf = (row: Membership): FormValues => ({
  plan: row.plan,
  description: row.description,
  value: row.value,
  valueAnnual: row.valueAnnual,
  valuePatient: row.valuePatient,
  months: row.months,
  nUsers: row.nUsers,
  nPatients: row.nPatients,
  public: row.public,
});
/**
 * A clinic's new plan is for its patients: they pay valuePatient, so the clinic prices and
 * seats (spec §5 still requires every field) start at 0 and the clinic changes them if it wishes.
 */
const CLINIC_EMPTY: FormValues = { ...EMPTY, value: "0", valueAnnual: "0", nUsers: 0, nPatients: 0 };

/** A Spanish reader may type 49,90: a lone comma is the decimal point. */
const decimalText = (text: unknown) => (typeof text === "string" && !text.includes(".") ? text.replace(",", ".") : text);
const wholeNumber = (text: unknown) => (text === "" || text === null || text === undefined ? undefined : Number(text));

/**
 * Add (`new`) or edit one plan. Admins: any plan, and new plans are the platform's. A clinic:
 * its own plans (the server makes a new one the clinic's); a platform plan it only reads.
 */
export function MembershipFormPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSignedIn();
  const params = useParams();
  const creating = params.membershipId === "new";
  const id = creating ? null : Number(params.membershipId);
  const { data: current } = useResource<Membership>(membershipKey(id ?? 0), id && Number.isInteger(id) ? `/api/membership/${id}` : null);

  const admin = session.isAdmin;
  const form = useForm<FormValues, unknown, MembershipValues>({
    resolver: zodResolver(membershipInputSchema) as never,
    defaultValues: admin ? EMPTY : CLINIC_EMPTY,
  });
  const { reset } = form;
  useEffect(() => {
    if (current) reset(valuesOf(current));
  }, [current, reset]);

  const save = useAction((values: MembershipValues) => (id ? updateMembership(id, values) : createMembership(values)), {
    invalidate: [[MEMBERSHIPS_KEY], [ASSIGNED_MEMBERSHIPS_KEY], ["membership"]],
    adds: (saved) => (id ? [] : [{ list: [MEMBERSHIPS_KEY], records: [saved] }]),
    replaces: (saved) => (id ? [{ list: [MEMBERSHIPS_KEY], records: [saved] }] : []),
    success: () => (id ? t("memberships.updated") : t("memberships.created")),
    onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, FIELDS),
    onSuccess: () => navigate(MEMBERSHIPS_PATH),
  });

  if (id !== null && !Number.isInteger(id)) return <Alert severity="warning">{t("errors.status404")}</Alert>;
  if (id && !current) return <Loading />;
  if (!admin && current && current.owner === "platform") return <PlanView plan={current} language={i18n.language} />;
  // Whose plan this is: a clinic's own (new or not) is sold to its patients.
  const forPatients = admin ? current?.owner === "clinic" : true;

  const errors = form.formState.errors;
  const message = (field: FieldPath<FormValues>) => fieldMessage(t, errors[field as keyof FormValues]?.message);
  const money = (field: "value" | "valueAnnual" | "valuePatient") => (
    <TextField
      label={field === "valuePatient" && forPatients ? t("memberships.own.price") : t(`memberships.${field}`)}
      required
      {...form.register(field, { setValueAs: decimalText })}
      error={!!errors[field]}
      helperText={message(field) ?? t("memberships.moneyHint")}
      slotProps={{ htmlInput: { inputMode: "decimal", autoComplete: "off" } }}
    />
  );
  const count = (field: "nUsers" | "nPatients") => (
    <TextField
      label={t(`memberships.${field}`)}
      type="number"
      required
      {...form.register(field, { setValueAs: wholeNumber })}
      error={!!errors[field]}
      helperText={message(field)}
      slotProps={{ htmlInput: { min: 0, step: 1 } }}
    />
  );

  return (
    <Card variant="outlined" sx={{ maxWidth: 760 }}>
      <CardHeader title={id ? t("memberships.edit") : t("memberships.add")} slotProps={{ title: { component: "h2" } }} />
      <CardContent>
        {forPatients ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {admin && current?.clinic ? t("memberships.own.ofClinic", { clinic: current.clinic.name }) : t("memberships.own.formHint")}
          </Alert>
        ) : null}
        <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <Stack spacing={2}>
            <TextField
              label={t("memberships.plan")}
              required
              {...form.register("plan")}
              error={!!errors.plan}
              helperText={message("plan") ?? t("catalogue.nameHint", { max: PLAN_MAX })}
            />
            <TextField
              label={t("memberships.description")}
              required
              multiline
              minRows={3}
              {...form.register("description")}
              error={!!errors.description}
              helperText={message("description") ?? t("catalogue.nameHint", { max: PLAN_DESCRIPTION_MAX })}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ "& > *": { flex: 1 } }}>
              {money("value")}
              {money("valueAnnual")}
              {money("valuePatient")}
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ "& > *": { flex: 1 } }}>
              <Controller
                control={form.control}
                name="months"
                render={({ field }) => (
                  <TextField select label={t("memberships.months")} required {...field} error={!!errors.months} helperText={message("months")}>
                    {MEMBERSHIP_MONTH_VALUES.map((months) => (
                      <MenuItem key={months} value={months}>
                        {monthsLabel(t, months)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              {count("nUsers")}
              {count("nPatients")}
            </Stack>
            <Controller
              control={form.control}
              name="public"
              render={({ field }) => (
                <TextField
                  select
                  label={t("memberships.visibility")}
                  required
                  value={field.value ? "visible" : "hidden"}
                  onChange={(event) => field.onChange(event.target.value === "visible")}
                  onBlur={field.onBlur}
                  error={!!errors.public}
                  helperText={message("public") ?? (forPatients ? t("memberships.own.visibilityHint") : t("memberships.visibilityHint"))}
                  sx={{ maxWidth: { sm: 240 } }}
                >
                  <MenuItem value="visible">{t("memberships.visible")}</MenuItem>
                  <MenuItem value="hidden">{t("memberships.hidden")}</MenuItem>
                </TextField>
              )}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {t("common.save")}
              </Button>
              <Button component={RouterLink} to={MEMBERSHIPS_PATH}>
                {t("common.cancel")}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

/** A plan as a clinic sees it. */
function PlanView({ plan, language }: { plan: Membership; language: string }) {
  const { t } = useTranslation();
  const lines: [string, string | number][] = [
    [t("memberships.value"), formatMoney(plan.value, language)],
    [t("memberships.valueAnnual"), formatMoney(plan.valueAnnual, language)],
    [t("memberships.valuePatient"), formatMoney(plan.valuePatient, language)],
    [t("memberships.months"), monthsLabel(t, plan.months)],
    [t("memberships.nUsers"), plan.nUsers],
    [t("memberships.nPatients"), plan.nPatients],
  ];
  return (
    <Card variant="outlined" sx={{ maxWidth: 760 }}>
      <CardHeader title={plan.plan} subheader={plan.description} slotProps={{ title: { component: "h2" } }} />
      <CardContent>
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 3, rowGap: 1, m: 0 }}>
          {lines.map(([label, value]) => (
            <Box key={label} sx={{ display: "contents" }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Button component={RouterLink} to={MEMBERSHIPS_PATH} sx={{ mt: 2 }}>
          {t("common.back")}
        </Button>
      </CardContent>
    </Card>
  );
}
