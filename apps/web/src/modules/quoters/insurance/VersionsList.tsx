import { type InsuranceVersionRow, type InsuranceVersionView, QUOTER_API } from "@clinic/shared";
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";
import { useResource } from "../../../lib/resource.ts";
import { QUOTER_KEY } from "./api.ts";
import { RulesView } from "./RulesView.tsx";

/** One version's rules, fetched when shown (a version never changes once saved). */
function VersionRules({ productId, version, currency }: { productId: number; version: number; currency: string }) {
  const { t } = useTranslation();
  const view = useResource<InsuranceVersionView>([QUOTER_KEY, "version", productId, version], QUOTER_API.version(productId, version), { quiet: true });
  if (view.network.error) return <Alert severity="error">{t("quoter.versions.loadError")}</Alert>;
  if (!view.data) return <Typography variant="body2">{t("quoter.versions.loading")}</Typography>;
  return <RulesView rules={view.data.rules} currency={currency} />;
}

/**
 * A product's versions, newest first: who saved each, when, and the note saying what changed;
 * each version's rules shown on demand, so an older quote's rules can be read as they were.
 */
export function VersionsList({
  versions,
  current,
  productId,
  currency,
}: {
  versions: InsuranceVersionRow[];
  current: number;
  productId: number;
  currency: string;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<number | null>(null);
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return (
    <section aria-label={t("quoter.versions.title")}>
      <Typography variant="subtitle2" component="h3">
        {t("quoter.versions.title")}
      </Typography>
      <List dense disablePadding>
        {newestFirst.map((version) => {
          const open = shown === version.version;
          const regionId = `version-rules-${productId}-${version.version}`;
          return (
            <ListItem key={version.id} disableGutters divider sx={{ display: "block" }}>
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
              <Button size="small" aria-expanded={open} aria-controls={regionId} onClick={() => setShown(open ? null : version.version)}>
                {t(open ? "quoter.versions.hide" : "quoter.versions.show", { version: version.version })}
              </Button>
              {open ? (
                <Box id={regionId} role="region" aria-label={t("quoter.versions.rulesOf", { version: version.version })} sx={{ pb: 1.5, pl: 1 }}>
                  <VersionRules productId={productId} version={version.version} currency={currency} />
                </Box>
              ) : null}
            </ListItem>
          );
        })}
      </List>
    </section>
  );
}
