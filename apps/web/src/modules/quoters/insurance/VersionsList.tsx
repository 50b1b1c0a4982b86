import type { InsuranceVersionRow } from "@clinic/shared";
import { Chip, List, ListItem, ListItemText, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";

/** A product's versions, newest first: who saved each, when, and the note saying what changed. */
export function VersionsList({ versions, current }: { versions: InsuranceVersionRow[]; current: number }) {
  const { t } = useTranslation();
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return (
    <section aria-label={t("quoter.versions.title")}>
      <Typography variant="subtitle2" component="h3">
        {t("quoter.versions.title")}
      </Typography>
      <List dense disablePadding>
        {newestFirst.map((version) => (
          <ListItem key={version.id} disableGutters divider>
            <ListItemText
              primary={
                <>
                  {t("quoter.versions.version", { version: version.version })}
                  {version.version === current ? (
                    <Chip size="small" label={t("quoter.versions.current")} color="primary" variant="outlined" sx={{ ml: 1 }} />
                  ) : null}
                </>
              }
              secondary={
                <>
                  {t("quoter.versions.by", { when: formatDateTime(version.createdAt), who: version.createdBy?.name ?? t("quoter.versions.nobody") })}
                  {version.note ? (
                    <Typography component="span" variant="body2" sx={{ display: "block", whiteSpace: "pre-line" }}>
                      {version.note}
                    </Typography>
                  ) : null}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
