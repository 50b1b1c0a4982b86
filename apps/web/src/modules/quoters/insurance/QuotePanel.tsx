import {
  INSURANCE_LIMITS,
  type InsuranceProductDetail,
  type InsuranceProductRow,
  type Paged,
  QUOTER_API,
  type QuoteDetail,
  type RatedOption,
} from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import CalculateOutlined from "@mui/icons-material/CalculateOutlined";
import { Alert, Box, Button, MenuItem, Stack, TextField } from "@mui/material";
import { useQueries } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Controller, get, type Path, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { get as getJson } from "../../../lib/api.ts";
import { DateField } from "../../../lib/components/DateField.tsx";
import { EditorSection as Section, type FieldText } from "../../../lib/components/EditorSection.tsx";
import { useAction, useResource } from "../../../lib/resource.ts";
import { ACTIVE_PRODUCTS_PATH, createQuote, EVERY_QUOTE_LIST, QUOTER_KEY, quotePagePath, rateOptions, updateQuote } from "./api.ts";
import { fieldMessage, quoterMessage } from "./format.ts";
import { AnswerField, OptionFields } from "./OptionFields.tsx";
import {
  factorsOf,
  newOptionRow,
  type QuoteFormTexts,
  type QuoteFormValues,
  quoteBody,
  quoteFormValues,
  quotePlacement,
  quoteResolver,
  rateBody,
} from "./quote-form.ts";
import { RatedOptions } from "./RatedOptions.tsx";

/**
 * The main panel: the applicant (name, email, language, validity), up to three options side by
 * side (product, level, add-ons), one input per rating factor the chosen products ask about,
 * "Calculate" (the server rates each option and shows how, step by step; nothing is saved) and
 * "Save quote" (a draft, rated again on the server from each product's current version). With
 * `quote`, it changes that draft.
 */
export function QuotePanel({ quote = null, onDone }: { quote?: QuoteDetail | null; onDone?: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [rated, setRated] = useState<RatedOption[] | null>(null);
  const products = useResource<Paged<InsuranceProductRow>>([QUOTER_KEY, "active-products"], ACTIVE_PRODUCTS_PATH);
  const resolving = useRef<{ mode: "rate" | "save"; factors: InsuranceProductDetail["rules"]["factors"]; texts: QuoteFormTexts }>({
    mode: "rate",
    factors: [],
    texts: { whole: "", choose: "", required: "" },
  });
  const resolver = useMemo(() => quoteResolver(() => resolving.current), []);
  const form = useForm<QuoteFormValues>({ resolver, defaultValues: quoteFormValues(quote, i18n.language) });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "options", keyName: "rowKey" });
  const chosenIds = (form.watch("options") ?? []).map((option) => Number(option.productId)).filter((id) => id > 0);
  const details = useQueries({
    queries: [...new Set(chosenIds)].map((id) => ({
      queryKey: [QUOTER_KEY, "product", id],
      queryFn: ({ signal }: { signal: AbortSignal }) => getJson<InsuranceProductDetail>(QUOTER_API.product(id), signal),
    })),
  });
  const productById = new Map(details.flatMap((query) => (query.data ? [[query.data.id, query.data] as const] : [])));
  const factors = factorsOf(chosenIds.map((id) => productById.get(id)));
  resolving.current = {
    ...resolving.current,
    factors,
    texts: { whole: t("quoter.editor.errors.whole"), choose: t("quoter.panel.choose"), required: t("quoter.messages.answerRequired") },
  };
  // A change of the inputs makes the premiums shown stale: they go until calculated again.
  useEffect(() => {
    const watching = form.watch(() => setRated(null));
    return () => watching.unsubscribe();
  }, [form]);

  const placeErrors = (fields: Record<string, string[]>) => {
    const rest: string[] = [];
    for (const [path, messages] of Object.entries(fields)) {
      const field = quotePlacement(path);
      if (field === null) rest.push(...messages);
      else form.setError(field as Path<QuoteFormValues>, { type: "server", message: messages.join(" ") });
    }
    setProblem(rest.length > 0 ? rest.map((message) => quoterMessage(t, message)).join(" ") : t("quoter.editor.checkFields"));
  };
  const rate = useAction((values: QuoteFormValues) => rateOptions(rateBody(values, factors, resolving.current.texts).payload), {
    onFieldErrors: placeErrors,
    onSuccess: (result) => setRated(result.options),
  });
  const save = useAction(
    (values: QuoteFormValues) => {
      const body = quoteBody(values, factors, resolving.current.texts).payload;
      return quote ? updateQuote(quote.id, body) : createQuote(body);
    },
    {
      invalidate: EVERY_QUOTE_LIST,
      success: (saved) => t(quote ? "quoter.notices.quoteSaved" : "quoter.notices.quoteCreated", { number: saved.number }),
      onFieldErrors: placeErrors,
      onSuccess: (saved) => {
        onDone?.();
        navigate(quotePagePath(saved.id));
      },
    },
  );
  const submit = (mode: "rate" | "save") => {
    resolving.current = { ...resolving.current, mode };
    setProblem(null);
    void form.handleSubmit(
      (values) => (mode === "rate" ? rate.mutate(values) : save.mutate(values)),
      () => setProblem(t("quoter.editor.checkFields")),
    )();
  };
  const errors = form.formState.errors;
  const text: FieldText = (path) => {
    const error = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
    return fieldMessage(t, error?.message ?? error?.root?.message);
  };
  const rows = products.data?.data ?? [];
  const busy = rate.isPending || save.isPending;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit("save");
      }}
      aria-label={t(quote ? "quoter.panel.editLabel" : "quoter.panel.label")}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        {products.data && rows.length === 0 ? <Alert severity="info">{t("quoter.panel.noProducts")}</Alert> : null}
        <Section title={t("quoter.panel.applicant")}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              label={t("quoter.fields.applicantName")}
              required
              fullWidth
              autoComplete="off"
              {...form.register("applicantName")}
              error={!!text("applicantName")}
              helperText={text("applicantName")}
              slotProps={{ htmlInput: { maxLength: INSURANCE_LIMITS.applicantName } }}
            />
            <TextField
              label={t("quoter.fields.applicantEmail")}
              required
              fullWidth
              type="email"
              autoComplete="off"
              {...form.register("applicantEmail")}
              error={!!text("applicantEmail")}
              helperText={text("applicantEmail")}
              slotProps={{ htmlInput: { maxLength: INSURANCE_LIMITS.email } }}
            />
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => (
                <TextField select label={t("quoter.fields.language")} {...field} helperText={t("quoter.panel.languageHint")} fullWidth>
                  <MenuItem value="en">{t("quoter.languages.en")}</MenuItem>
                  <MenuItem value="es">{t("quoter.languages.es")}</MenuItem>
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="validUntil"
              render={({ field }) => (
                <DateField
                  label={t("quoter.fields.validUntil")}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={!!text("validUntil")}
                  helperText={text("validUntil") ?? t("quoter.panel.validityHint", { days: INSURANCE_LIMITS.validityDays })}
                  sx={{ width: "100%" }}
                />
              )}
            />
          </Stack>
        </Section>
        <Section title={t("quoter.panel.options")} hint={t("quoter.panel.optionsHint", { count: INSURANCE_LIMITS.options })}>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(3, minmax(0, 1fr))" } }}>
            {fields.map((field, index) => (
              <OptionFields
                key={field.rowKey}
                form={form}
                index={index}
                products={rows}
                product={productById.get(Number(form.watch(`options.${index}.productId`)))}
                text={text}
                onRemove={fields.length > 1 ? () => remove(index) : undefined}
              />
            ))}
          </Box>
          {text("options") ? <Alert severity="error">{text("options")}</Alert> : null}
          <div>
            <Button startIcon={<AddIcon />} onClick={() => append(newOptionRow())} disabled={fields.length >= INSURANCE_LIMITS.options}>
              {t("quoter.panel.addOption")}
            </Button>
          </div>
        </Section>
        <Section title={t("quoter.panel.answers")} hint={t("quoter.panel.answersHint")}>
          {factors.length === 0 ? (
            <Box sx={{ color: "text.secondary" }}>{t(chosenIds.length > 0 ? "quoter.panel.noFactors" : "quoter.panel.chooseProducts")}</Box>
          ) : (
            <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))" } }}>
              {factors.map((factor) => (
                <AnswerField key={factor.key} form={form} factor={factor} text={text} />
              ))}
            </Box>
          )}
        </Section>
        {problem ? (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
          <Button variant="outlined" startIcon={<CalculateOutlined />} onClick={() => submit("rate")} disabled={busy}>
            {t("quoter.panel.calculate")}
          </Button>
          <Button variant="contained" type="submit" disabled={busy}>
            {t(quote ? "quoter.panel.saveChanges" : "quoter.panel.save")}
          </Button>
          {onDone ? (
            <Button onClick={onDone} disabled={busy}>
              {t("quoter.panel.cancel")}
            </Button>
          ) : null}
        </Stack>
        {rated ? (
          <Section title={t("quoter.panel.results")} hint={t("quoter.panel.resultsHint")}>
            <RatedOptions options={rated} />
          </Section>
        ) : null}
      </Stack>
    </Box>
  );
}
