import { AI_SOURCE_KINDS, type AiIndexState, type AiSettings } from "@clinic/shared";
import RefreshIcon from "@mui/icons-material/Refresh";
import { Button, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FigureTiles } from "../../../lib/components/FigureTiles.tsx";
import { useAction } from "../../../lib/resource.ts";
import { formatCount, reindex, settingsKey } from "./api.ts";

/**
 * What the assistant can draw on in this scope, per kind of content, and how much of it has an
 * embedding of the configured embeddings model; "Re-index" queues the embeddings anew (after a
 * change of model, say).
 */
export function IndexSection({ clinicId, index, embeddings }: { clinicId: string | null; index: AiIndexState; embeddings: boolean }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const run = useAction(() => reindex(clinicId), {
    success: t("aiAdmin.index.queued"),
    onSuccess: (state) => {
      client.setQueryData<AiSettings>(settingsKey(clinicId), (current) => (current ? { ...current, index: state } : current));
    },
  });
  const count = (value: number) => formatCount(value, i18n.language);
  const total = Object.values(index.documents).reduce((sum, value) => sum + value, 0);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {embeddings ? t("aiAdmin.index.introEmbeddings", { embedded: count(index.embedded), total: count(total) }) : t("aiAdmin.index.introText")}
      </Typography>
      <FigureTiles
        label={t("aiAdmin.index.documents")}
        columns={{ md: 3, xl: 6 }}
        items={[
          ...AI_SOURCE_KINDS.map((kind): [string, string] => [t(`aiAdmin.kinds.${kind}`), count(index.documents[kind] ?? 0)]),
          [t("aiAdmin.index.embedded"), count(index.embedded)],
        ]}
      />
      <div>
        <Button variant="outlined" startIcon={<RefreshIcon />} disabled={run.isPending} onClick={() => run.mutate(undefined)}>
          {t("aiAdmin.index.reindex")}
        </Button>
      </div>
    </Stack>
  );
}
