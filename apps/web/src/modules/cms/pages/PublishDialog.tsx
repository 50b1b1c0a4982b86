import { CMS_MESSAGES, type CmsPageDetail, cmsPublishSchema } from "@clinic/shared";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../../lib/components/DateTimeField.tsx";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { formatDateTime, fromLocalInput, toLocalInput } from "../../../lib/dates.ts";
import { useAction } from "../../../lib/resource.ts";
import { EVERY_CMS_PAGE_LIST, publishPage } from "../api.ts";
import { cmsFieldMessage, refusalFields } from "./page-form.ts";

/**
 * The time a local date-time field names, checked as the server will (cmsPublishSchema: in the
 * future): the body to send, or the message for the field.
 */
export function scheduleBody(local: string): { at: string } | { error: string } {
  const at = fromLocalInput(local);
  if (!at) return { error: TIME_REQUIRED };
  const checked = cmsPublishSchema.safeParse({ at });
  return checked.success ? { at } : { error: checked.error.issues[0]?.message ?? CMS_MESSAGES.scheduleInPast };
}

/** No time given (or typed text that is none): the dialog's own text, by key. */
export const TIME_REQUIRED = "cmsPages.publish.timeRequired";

/**
 * Schedule the page: it goes public at the time chosen (a job on the server does it once), the
 * public page staying as it is until then. A time past is refused on its field, here and by the
 * server (400 `at`). `prepare` saves the draft first when it holds changes; what is scheduled is
 * the draft as saved.
 */
export function PublishDialog(props: {
  open: boolean;
  page: CmsPageDetail;
  prepare: () => Promise<boolean>;
  onClose: () => void;
  onDone: (page: CmsPageDetail) => void;
}) {
  const { open, page, prepare, onClose, onDone } = props;
  const { t } = useTranslation();
  const [when, setWhen] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    // A page already scheduled opens at its time; otherwise an hour from now, on the minute.
    setWhen(page.publishAt ? toLocalInput(page.publishAt) : dayjs().add(1, "hour").startOf("minute").format("YYYY-MM-DDTHH:mm"));
    setError(null);
  }, [open, page.publishAt]);
  const schedule = useAction((at: string) => publishPage(page.id, { at }), {
    invalidate: EVERY_CMS_PAGE_LIST,
    success: (saved) => t("cmsPages.notices.scheduled", { when: formatDateTime(saved.publishAt) }),
    onFailure: (failure) => {
      const at = refusalFields(failure).at;
      if (at) setError(at.join(" "));
    },
    onSuccess: (saved) => {
      onClose();
      onDone(saved);
    },
  });
  const message = error === TIME_REQUIRED ? t(TIME_REQUIRED) : error ? (cmsFieldMessage(t, error) ?? error) : null;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("cmsPages.publish.scheduleTitle")}
      text={t("cmsPages.publish.scheduleText")}
      submitLabel={t("cmsPages.publish.schedule")}
      pending={schedule.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        const body = scheduleBody(when);
        if ("error" in body) {
          setError(body.error);
          return;
        }
        setError(null);
        void prepare().then((ready) => {
          if (ready) schedule.mutate(body.at);
        });
      }}
    >
      <DateTimeField
        label={t("cmsPages.publish.when")}
        required
        value={when}
        onChange={setWhen}
        error={!!message}
        helperText={message ?? t("cmsPages.publish.whenHint")}
        sx={{ width: "100%" }}
      />
    </FormDialog>
  );
}
