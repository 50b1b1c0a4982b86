import type { AiSource, AiSourceKind } from "@clinic/shared";
import ArticleOutlined from "@mui/icons-material/ArticleOutlined";
import AssignmentOutlined from "@mui/icons-material/AssignmentOutlined";
import QuizOutlined from "@mui/icons-material/QuizOutlined";
import SportsEsportsOutlined from "@mui/icons-material/SportsEsportsOutlined";
import TipsAndUpdatesOutlined from "@mui/icons-material/TipsAndUpdatesOutlined";
import { Box, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AnswerLink } from "./AnswerMarkdown.tsx";

const KIND_ICONS: Record<AiSourceKind, typeof ArticleOutlined> = {
  activity: SportsEsportsOutlined,
  recommendation: TipsAndUpdatesOutlined,
  form: AssignmentOutlined,
  page: ArticleOutlined,
  faq: QuizOutlined,
};

/**
 * The sources an answer used, numbered as the answer cites them ([1], [2]): each a link to its
 * page in the app, with an icon and the name of its kind; a FAQ has no page, so its answer
 * opens in place.
 */
export function SourceList({ sources, onNavigate }: { sources: readonly AiSource[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (sources.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography id={headingId} component="p" variant="caption" sx={{ fontWeight: 700, color: "text.secondary" }}>
        {t("aiWidget.sources")}
      </Typography>
      <Box component="ol" aria-labelledby={headingId} sx={{ m: 0, pl: 3, typography: "body2" }}>
        {sources.map((source) => {
          const Icon = KIND_ICONS[source.kind] ?? ArticleOutlined;
          const kind = t(`aiWidget.kinds.${source.kind}`);
          const label = (
            // Inline, not flex: a long title wraps beside a <details> marker instead of dropping below it.
            <Box component="span">
              <Icon fontSize="small" color="action" aria-hidden sx={{ verticalAlign: "text-bottom", mr: 0.5 }} />
              <span>
                {source.title}
                <Typography component="span" variant="caption" sx={{ color: "text.secondary" }}>{` · ${kind}`}</Typography>
              </span>
            </Box>
          );
          return (
            <Box component="li" key={`${source.kind}-${source.id}`} sx={{ py: 0.25 }}>
              {source.url === null ? (
                <Box component="details" sx={{ "& > summary": { cursor: "pointer" } }}>
                  <summary>{label}</summary>
                  <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", mt: 0.5, color: "text.secondary" }}>
                    {source.excerpt}
                  </Typography>
                </Box>
              ) : (
                <AnswerLink url={source.url} onNavigate={onNavigate}>
                  {label}
                </AnswerLink>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
