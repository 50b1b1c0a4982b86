import { AUDIT_OUTCOMES, type AuditOutcome, type AuditRecord, type UserSummary } from "@clinic/shared";
import { Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../lib/components/DateField.tsx";
import { ExportButtons } from "../../lib/components/ExportButtons.tsx";
import { type PickerOption, SearchPicker } from "../../lib/components/SearchPicker.tsx";
import { useSettledText } from "../../lib/debounce.ts";
import { usePagedList } from "../../lib/usePagedList.ts";
import { AUDIT_EXPORT_PATH, AUDIT_KEY, AUDIT_PATH, PEOPLE_PICKER_PATH, rangeFilters } from "./api.ts";
import { AuditTable } from "./AuditTable.tsx";

const personOption = (user: UserSummary): PickerOption => ({
  id: user.id,
  label: `${`${user.nombres} ${user.apellidos}`.trim() || user.email} (${user.email})`,
});

/** A person named in a filter, searched on the server among the people the reader may see. */
function PersonPicker(props: { value: PickerOption | null; onChange: (person: PickerOption | null) => void; label: string }) {
  const { t } = useTranslation();
  return (
    <SearchPicker<UserSummary>
      {...props}
      path={PEOPLE_PICKER_PATH}
      queryKey={[AUDIT_KEY, "people"]}
      toOption={personOption}
      noOptionsText={t("audit.filters.noPeople")}
      size="small"
      sx={{ minWidth: 240 }}
    />
  );
}

/**
 * The audit trail (issue 33.2): admins read every record, a clinic those of its own people and
 * staff. Filters: actor, person concerned, action (or its start), outcome and UTC dates; the
 * export holds what the filters hold. The server records each use of this screen.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const headingId = useId();
  const [actor, setActor] = useState<PickerOption | null>(null);
  const [subject, setSubject] = useState<PickerOption | null>(null);
  const [actionText, setActionText] = useState("");
  const action = useSettledText(actionText);
  const [outcome, setOutcome] = useState<AuditOutcome | "">("");
  const [sinceText, setSince] = useState("");
  const [toText, setTo] = useState("");
  const { since, to, toError } = rangeFilters(sinceText, toText);
  const filters = { actor: actor?.id, subject: subject?.id, action: action || undefined, outcome: outcome || undefined, since, to };
  const list = usePagedList<AuditRecord>(AUDIT_KEY, AUDIT_PATH, { filters, pageSize: 25 });
  const title = t("audit.title");
  const filtered = Object.values(filters).some((value) => value !== undefined);

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          <ExportButtons kind="audit" path={AUDIT_EXPORT_PATH} search="" filters={filters} label={t("audit.export")} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t("audit.hint")}
        </Typography>
        <Stack
          role="group"
          aria-label={t("audit.filters.label")}
          direction={{ xs: "column", sm: "row" }}
          spacing={2}
          sx={{ mb: 2, flexWrap: "wrap", rowGap: 2, alignItems: { sm: "flex-start" } }}
        >
          <PersonPicker label={t("audit.filters.actor")} value={actor} onChange={setActor} />
          <PersonPicker label={t("audit.filters.subject")} value={subject} onChange={setSubject} />
          <TextField
            size="small"
            label={t("audit.filters.action")}
            value={actionText}
            onChange={(event) => setActionText(event.target.value)}
            helperText={t("audit.filters.actionHint")}
            slotProps={{ htmlInput: { maxLength: 100, spellCheck: false } }}
            sx={{ width: { sm: 260 } }}
          />
          <TextField
            select
            size="small"
            label={t("audit.filters.outcome")}
            value={outcome}
            onChange={(event) => setOutcome(event.target.value as AuditOutcome | "")}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t("audit.filters.anyOutcome")}</MenuItem>
            {AUDIT_OUTCOMES.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`audit.outcomes.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <DateField label={t("audit.filters.since")} size="small" value={sinceText} onChange={setSince} sx={{ width: { sm: 180 } }} />
          <DateField
            label={t("audit.filters.to")}
            size="small"
            value={toText}
            onChange={setTo}
            minDate={sinceText || undefined}
            error={toError !== null}
            helperText={toError ? t(`audit.errors.${toError}`) : undefined}
            sx={{ width: { sm: 180 } }}
          />
        </Stack>
        <AuditTable list={list} label={title} filtered={filtered} />
      </CardContent>
    </Card>
  );
}
