import { type CrmClient, PRODUCT_QUOTE_LIMITS, type PatientRow, type ProductQuoteClientKind } from "@clinic/shared";
import { FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, Stack, TextField, Typography } from "@mui/material";
import { useId } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { EditorSection as Section, type FieldText } from "../../../lib/components/EditorSection.tsx";
import { SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import type { QuoteFormValues } from "./quote-form.ts";

const withClinic = (path: string, name: string, clinicId: string | null) => (clinicId ? `${path}&${name}=${encodeURIComponent(clinicId)}` : path);

/**
 * Who the quote is for: one of the clinic's patients, one of its CRM clients (when the CRM is
 * on), or a person typed by name and email. A patient's or client's name and email come from
 * their record; typed ones replace them on this quote. The language is the one of the email,
 * the link and the PDF.
 */
export function ClientFields({
  form,
  text,
  clinicId,
  clinicMissing,
  crm,
}: {
  form: UseFormReturn<QuoteFormValues>;
  text: FieldText;
  clinicId: string | null;
  clinicMissing: boolean;
  crm: boolean;
}) {
  const { t } = useTranslation();
  const kindId = useId();
  const kind = form.watch("clientKind");
  const person = kind === "person";
  const kinds: ProductQuoteClientKind[] = crm || kind === "crm" ? ["patient", "crm", "person"] : ["patient", "person"];
  return (
    <Section title={t("productQuoter.editor.client")}>
      <Controller
        control={form.control}
        name="clientKind"
        render={({ field }) => (
          <FormControl>
            <FormLabel id={kindId}>{t("productQuoter.fields.clientKind")}</FormLabel>
            <RadioGroup row aria-labelledby={kindId} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
              {kinds.map((one) => (
                <FormControlLabel key={one} value={one} control={<Radio />} label={t(`productQuoter.clientKinds.${one}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      {/* An admin's pickers wait for the clinic: without it they would search every clinic's people. */}
      {clinicMissing && kind !== "person" ? (
        <Typography variant="body2" color="text.secondary">
          {t("productQuoter.editor.clinicFirst")}
        </Typography>
      ) : null}
      {kind === "patient" && !clinicMissing ? (
        <Controller
          control={form.control}
          name="patientId"
          render={({ field }) => (
            <SearchPicker<PatientRow>
              path={withClinic("/api/user-patients/?active=true&rowsPerPage=20", "clinic", clinicId)}
              queryKey={["product-quote-patients", clinicId]}
              toOption={(patient) => ({ id: patient.id, label: `${`${patient.nombres} ${patient.apellidos}`.trim() || patient.email} (${patient.email})` })}
              value={field.value}
              onChange={field.onChange}
              label={t("productQuoter.fields.patient")}
              noOptionsText={t("productQuoter.editor.noPatients")}
              error={text("patientId")}
              required
            />
          )}
        />
      ) : null}
      {kind === "crm" && !clinicMissing ? (
        <Controller
          control={form.control}
          name="crmClientId"
          render={({ field }) => (
            <SearchPicker<CrmClient>
              path={withClinic("/api/crm/clients?rowsPerPage=20", "clinicId", clinicId)}
              queryKey={["product-quote-crm-clients", clinicId]}
              toOption={(client) => ({ id: String(client.id), label: client.email ? `${client.name} (${client.email})` : client.name })}
              value={field.value}
              onChange={field.onChange}
              label={t("productQuoter.fields.crmClient")}
              noOptionsText={t("productQuoter.editor.noCrmClients")}
              error={text("crmClientId")}
              required
            />
          )}
        />
      ) : null}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          label={t("productQuoter.fields.clientName")}
          required={person}
          fullWidth
          {...form.register("clientName")}
          error={!!text("clientName")}
          helperText={text("clientName") ?? (person ? undefined : t("productQuoter.editor.fromRecord"))}
          slotProps={{ htmlInput: { maxLength: PRODUCT_QUOTE_LIMITS.name, autoComplete: "off" } }}
        />
        <TextField
          label={t("productQuoter.fields.clientEmail")}
          type="email"
          required={person}
          fullWidth
          {...form.register("clientEmail")}
          error={!!text("clientEmail")}
          helperText={text("clientEmail") ?? (person ? undefined : t("productQuoter.editor.fromRecord"))}
          slotProps={{ htmlInput: { maxLength: PRODUCT_QUOTE_LIMITS.email, autoComplete: "off" } }}
        />
      </Stack>
      <Controller
        control={form.control}
        name="language"
        render={({ field }) => (
          <TextField
            select
            label={t("productQuoter.fields.language")}
            {...field}
            error={!!text("language")}
            helperText={text("language") ?? t("productQuoter.editor.languageHint")}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <MenuItem value="">{person ? t("productQuoter.languages.default") : t("productQuoter.languages.own")}</MenuItem>
            <MenuItem value="en">{t("productQuoter.languages.en")}</MenuItem>
            <MenuItem value="es">{t("productQuoter.languages.es")}</MenuItem>
          </TextField>
        )}
      />
    </Section>
  );
}
