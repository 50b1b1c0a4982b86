import { type CrmEmailFormat, crmEmailTestSchema } from "@clinic/shared";
import { TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { sendTest } from "./api.ts";
import { emailText } from "./email-text.ts";

type Values = z.output<typeof crmEmailTestSchema>;

/** Sends `format` once, now, to one address: sample values, "[Test]" before the subject. */
export function TestDialog({ format, onClose }: { format: CrmEmailFormat | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<z.input<typeof crmEmailTestSchema>, unknown, Values>({ resolver: zodResolver(crmEmailTestSchema), defaultValues: { to: "" } });
  const { reset } = form;
  useEffect(() => {
    if (format) {
      reset({ to: "" });
      setProblem(null);
    }
  }, [format, reset]);
  const send = useAction((values: Values) => sendTest(format?.id ?? 0, values.to), {
    success: (result) => (result.status === "failed" ? "" : t("crmEmail.notices.testSent")),
    onFieldErrors: (fields) => {
      const rest = applyFieldErrors(form.setError, fields, ["to"]);
      setProblem(rest.length > 0 ? rest.map((message) => emailText(t, message)).join(" ") : null);
    },
    onSuccess: (result) => {
      // The mail server refused it: said in the dialog, which stays open.
      if (result.status === "failed") setProblem(t("crmEmail.test.failed", { error: result.error ?? "" }));
      else onClose();
    },
  });
  const message = form.formState.errors.to?.message;
  return (
    <FormDialog
      open={format !== null}
      onClose={onClose}
      title={t("crmEmail.test.title")}
      text={t("crmEmail.test.text", { name: format?.name ?? "" })}
      onSubmit={form.handleSubmit((values) => {
        setProblem(null);
        send.mutate(values);
      })}
      pending={send.isPending}
      problem={problem}
      submitLabel={t("crmEmail.test.send")}
      maxWidth="xs"
    >
      <TextField
        label={t("crmEmail.test.to")}
        type="email"
        required
        autoComplete="email"
        {...form.register("to")}
        error={!!message}
        helperText={message ? emailText(t, message) : undefined}
        slotProps={{ htmlInput: { maxLength: 254 } }}
      />
    </FormDialog>
  );
}
