import { type BillingDetails, type BillingDetailsInput, billingDetailsSchema } from "@clinic/shared";
import { Box, Button, Stack, TextField } from "@mui/material";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { DETAILS_KEY, OVERVIEW_KEY, saveBillingDetails } from "./api.ts";
import { billingMessage } from "./format.ts";

export const DETAIL_FIELDS = ["legalName", "taxId", "address", "city", "postalCode", "country", "email"] as const;
type Field = (typeof DETAIL_FIELDS)[number];

/** What the browser may fill in for each field (WCAG 1.3.5). */
const AUTOCOMPLETE: Record<Field, string> = {
  legalName: "organization",
  taxId: "off",
  address: "street-address",
  city: "address-level2",
  postalCode: "postal-code",
  country: "country-name",
  email: "email",
};
const REQUIRED = new Set<Field>(["legalName", "taxId", "address", "city", "postalCode", "country"]);

const EMPTY: BillingDetailsInput = { legalName: "", taxId: "", address: "", city: "", postalCode: "", country: "", email: "" };

export interface BillingDetailsFormProps {
  /** The details saved so far (null: never filled). */
  initial: BillingDetails | null;
  /** Field errors another call answered about these details (checkout's 400), shown on their fields. */
  serverErrors?: Record<string, string[]>;
  /** After a successful save, with what the server kept. */
  onSaved?: (details: BillingDetails) => void;
  /** Shows a Cancel button that leaves the form unsaved. */
  onCancel?: () => void;
}

/**
 * The buyer's details an invoice carries (PUT /api/billing/details): checked with the shared
 * schema before sending; a 400's field errors land on their fields.
 */
export function BillingDetailsForm({ initial, serverErrors, onSaved, onCancel }: BillingDetailsFormProps) {
  const { t } = useTranslation();
  const form = useForm<BillingDetailsInput, unknown, BillingDetails>({
    resolver: zodResolver(billingDetailsSchema),
    defaultValues: initial ?? EMPTY,
  });
  const { setError } = form;
  useEffect(() => {
    if (serverErrors) applyFieldErrors(setError, serverErrors, DETAIL_FIELDS);
  }, [serverErrors, setError]);

  const save = useAction(saveBillingDetails, {
    invalidate: [[DETAILS_KEY], [OVERVIEW_KEY]],
    success: t("billing.details.saved"),
    onFieldErrors: (fields) => applyFieldErrors(setError, fields, DETAIL_FIELDS),
    onSuccess: (answer) => {
      if (answer.details) onSaved?.(answer.details);
    },
  });

  const errors = form.formState.errors;
  const field = (name: Field, wide = false) => (
    <TextField
      key={name}
      label={t(`billing.details.${name}`)}
      required={REQUIRED.has(name)}
      type={name === "email" ? "email" : "text"}
      {...form.register(name)}
      error={!!errors[name]}
      helperText={billingMessage(t, errors[name]?.message) ?? (name === "email" ? t("billing.details.emailHint") : undefined)}
      slotProps={{ htmlInput: { autoComplete: AUTOCOMPLETE[name] } }}
      sx={{ gridColumn: wide ? { sm: "1 / -1" } : undefined }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
        {field("legalName")}
        {field("taxId")}
        {field("address", true)}
        {field("city")}
        {field("postalCode")}
        {field("country")}
        {field("email")}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t("billing.details.save")}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t("common.cancel")}</Button> : null}
      </Stack>
    </Box>
  );
}
