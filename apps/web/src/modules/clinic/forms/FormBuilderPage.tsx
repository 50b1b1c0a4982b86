import { type DynamicForm, FORM_NAME_MAX, formInputSchema, LANGUAGES, type Language } from "@clinic/shared";
import { Alert, Box, Button, Card, CardContent, Stack, TextField } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from "react-router";
import { useLeaveGuard } from "../../../lib/components/LeaveGuard.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useAction, useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { createForm, FORMS_BASE, FORMS_KEY, formKey, updateForm } from "./api.ts";
import { type BuilderValues, emptyScoring, inputOf, keyMaker, splitBuilderErrors, valuesOf } from "./builder-model.ts";
import { FormPreview } from "./builder/FormPreview.tsx";
import { QuestionList } from "./builder/QuestionList.tsx";
import { ScoringEditor } from "./builder/ScoringEditor.tsx";
import { errorAt, translateFormMessage } from "./messages.ts";
import { ReadOnlyForm } from "./ReadOnlyForm.tsx";

const schemaResolver = zodResolver(formInputSchema);
/** The shared schema checks what is sent (inputOf), so the builder's errors are the server's. */
const resolver: Resolver<BuilderValues> = (values, context, options) => schemaResolver(inputOf(values) as never, context, options as never) as never;

/**
 * `forms/add` (a new form, or `?copy=<id>` to start from a copy) and `forms/:id`: a form's details,
 * questions and scoring beside a live preview. Forms the caller may not change (the platform's
 * validated questionnaires) open read-only, to be copied.
 */
export function FormBuilderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const session = useSignedIn();
  const creating = params.id === "add";
  const id = creating ? null : Number(params.id);
  const copyId = creating && search.get("copy") ? Number(search.get("copy")) : null;
  const sourceId = id ?? copyId;
  const valid = sourceId === null || (Number.isInteger(sourceId) && sourceId > 0);
  const { data: source, network } = useResource<DynamicForm>(formKey(sourceId ?? 0), valid && sourceId ? `/api/form/${sourceId}` : null);

  const form = useForm<BuilderValues>({
    resolver,
    defaultValues: { name: "", description: "", language: (session.userData.language as Language) ?? "en", fields: [], scoring: emptyScoring() },
  });
  const questionKeys = useRef(keyMaker("q", []));
  const optionValues = useRef(new Map<string, ReturnType<typeof keyMaker>>());
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const { reset } = form;
  useEffect(() => {
    if (!source) return;
    const copyName = copyId ? t("dynamicForms.copyName", { name: source.name }).slice(0, FORM_NAME_MAX) : undefined;
    reset(valuesOf(source, copyName));
    questionKeys.current = keyMaker(
      "q",
      source.fields.map((field) => field.key),
    );
    optionValues.current = new Map();
  }, [source, copyId, reset, t]);

  // A saved form leaves for the list; anything else typed and not saved asks first.
  const leaveGuard = useLeaveGuard(form.formState.isDirty);
  const save = useAction((values: BuilderValues) => (id ? updateForm(id, inputOf(values)) : createForm(inputOf(values))), {
    invalidate: [[FORMS_KEY], ["dynamic-form"]],
    success: () => (id ? t("dynamicForms.notices.updated") : t("dynamicForms.notices.created")),
    onFieldErrors: (fields) => {
      const { placed, other } = splitBuilderErrors(fields);
      for (const [path, messages] of placed) form.setError(path as "name", { type: "server", message: messages.join(" ") });
      setUnplaced(other.map((message) => translateFormMessage(message, t)));
    },
    onSuccess: () => {
      leaveGuard.allowLeaving();
      navigate(FORMS_BASE);
    },
  });

  if (!valid) return <Alert severity="warning">{t("errors.status404")}</Alert>;
  if (sourceId && !source) return network.error ? <Alert severity="warning">{network.message}</Alert> : <Loading />;
  if (id && source && !source.editable) return <ReadOnlyForm form={source} />;

  const errors = form.formState.errors;
  const errorOf = (path: string) => {
    const message = errorAt(errors, path);
    return message ? translateFormMessage(message, t) : undefined;
  };
  const nextOptionValue = (questionKey: string) => {
    let maker = optionValues.current.get(questionKey);
    if (!maker) {
      const field = form.getValues("fields").find((question) => question.key === questionKey);
      maker = keyMaker("o", field && "options" in field ? field.options.map((option) => option.value) : []);
      optionValues.current.set(questionKey, maker);
    }
    return maker.next();
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setUnplaced([]);
        save.mutate(values);
      })}
      sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 1fr) minmax(0, 1fr)" }, alignItems: "start" }}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        {id && source && source.answeredCount > 0 ? (
          <Alert severity="info">{t("dynamicForms.builder.newVersion", { answers: source.answeredCount, version: source.version + 1 })}</Alert>
        ) : null}
        {copyId && source ? <Alert severity="info">{t("dynamicForms.builder.copying", { name: source.name })}</Alert> : null}
        {unplaced.length > 0 ? <Alert severity="error">{unplaced.join(" ")}</Alert> : null}
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              <TextField
                label={t("dynamicForms.fields.name")}
                required
                {...form.register("name")}
                error={!!errorOf("name")}
                helperText={errorOf("name")}
                fullWidth
              />
              <TextField
                label={t("dynamicForms.fields.description")}
                required
                multiline
                minRows={2}
                {...form.register("description")}
                error={!!errorOf("description")}
                helperText={errorOf("description") ?? t("dynamicForms.fields.descriptionHint")}
                fullWidth
              />
              <TextField
                select
                label={t("accounts.language")}
                value={form.watch("language")}
                onChange={(event) => form.setValue("language", event.target.value as Language, { shouldDirty: true })}
                helperText={errorOf("language") ?? t("dynamicForms.fields.languageHint")}
                error={!!errorOf("language")}
                slotProps={{ select: { native: true } }}
                sx={{ maxWidth: 280 }}
              >
                {LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {t(`accounts.languages.${language}`)}
                  </option>
                ))}
              </TextField>
            </Stack>
          </CardContent>
        </Card>
        <QuestionList
          control={form.control}
          register={form.register}
          setValue={form.setValue}
          getValues={form.getValues}
          errorOf={errorOf}
          nextKey={() => questionKeys.current.next()}
          nextOptionValue={nextOptionValue}
        />
        <Card variant="outlined">
          <CardContent>
            <ScoringEditor control={form.control} register={form.register} errorOf={errorOf} />
          </CardContent>
        </Card>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("common.save")}
          </Button>
          <Button component={RouterLink} to={FORMS_BASE}>
            {t("common.cancel")}
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ position: { lg: "sticky" }, top: { lg: 80 }, maxHeight: { lg: "calc(100vh - 96px)" }, overflowY: { lg: "auto" }, minWidth: 0 }}>
        <FormPreview control={form.control} />
      </Box>
      {leaveGuard.dialog}
    </Box>
  );
}
