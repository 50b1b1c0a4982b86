import ArrowDownward from "@mui/icons-material/ArrowDownward";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import { IconButton, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";

/**
 * Move a row of an ordered list up or down: two buttons, reachable and pressed by keyboard like
 * any other (dragging alone would leave keyboard users out). Each names its row for a screen reader.
 */
export function MoveButtons({ name, index, count, onMove }: { name: string; index: number; count: number; onMove: (to: number) => void }) {
  const { t } = useTranslation();
  const up = t("cmsPages.blocks.moveUp", { name });
  const down = t("cmsPages.blocks.moveDown", { name });
  return (
    <>
      <Tooltip title={up}>
        <span>
          <IconButton size="small" aria-label={up} disabled={index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUpward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={down}>
        <span>
          <IconButton size="small" aria-label={down} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
            <ArrowDownward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
