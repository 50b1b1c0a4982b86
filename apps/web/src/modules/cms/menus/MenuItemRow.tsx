import type { CmsPageRow, Language } from "@clinic/shared";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import DragIndicator from "@mui/icons-material/DragIndicator";
import FormatIndentDecrease from "@mui/icons-material/FormatIndentDecrease";
import FormatIndentIncrease from "@mui/icons-material/FormatIndentIncrease";
import { Alert, Box, IconButton, MenuItem as Option, Paper, Stack, TextField, Tooltip } from "@mui/material";
import type { DragEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import { menuPagesKey, menuPagesPath } from "./api.ts";
import type { MenuItem, Move } from "./menu-items.ts";

interface MenuItemRowProps {
  item: MenuItem;
  nested: boolean;
  language: Language;
  /** Translated messages of the last save's 400 for this item. */
  errors: string[];
  /** The moves this item can make now; the others' buttons are disabled. */
  moves: Record<Move, boolean>;
  onChange: (item: MenuItem) => void;
  onMove: (direction: Move) => void;
  onRemove: () => void;
  drag: { onDragStart: (event: DragEvent) => void; onDragOver: (event: DragEvent) => void; onDrop: (event: DragEvent) => void; onDragEnd: () => void };
  children?: ReactNode;
}

function MoveButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  // A disabled button takes no pointer events: the tooltip needs the span around it.
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** One item of a menu: its label, its target (a page of the menu's language or an address), and its moves. */
export function MenuItemRow({ item, nested, language, errors, moves, onChange, onMove, onRemove, drag, children }: MenuItemRowProps) {
  const { t } = useTranslation();
  const name = item.label || t("cmsMenus.unnamed");
  return (
    <Box component="li" sx={{ listStyle: "none", ml: nested ? { xs: 3, sm: 6 } : 0, mb: 1 }} data-item={item.key}>
      <Paper variant="outlined" sx={{ p: 1.5 }} onDragOver={drag.onDragOver} onDrop={drag.onDrop}>
        <Stack direction={{ xs: "column", md: "row" }} spacing={1.5} sx={{ alignItems: { md: "flex-start" } }}>
          <Box
            draggable
            onDragStart={drag.onDragStart}
            onDragEnd={drag.onDragEnd}
            aria-hidden
            title={t("cmsMenus.dragHint")}
            sx={{ cursor: "grab", color: "text.secondary", pt: 1, display: { xs: "none", md: "block" } }}
          >
            <DragIndicator />
          </Box>
          <TextField
            size="small"
            label={t("cmsMenus.label")}
            value={item.label}
            onChange={(event) => onChange({ ...item, label: event.target.value })}
            required
            sx={{ minWidth: 180 }}
          />
          <TextField
            select
            size="small"
            label={t("cmsMenus.target")}
            value={item.target}
            onChange={(event) => onChange({ ...item, target: event.target.value === "url" ? "url" : "page", missing: false })}
            sx={{ minWidth: 140 }}
          >
            <Option value="page">{t("cmsMenus.targetPage")}</Option>
            <Option value="url">{t("cmsMenus.targetUrl")}</Option>
          </TextField>
          {item.target === "page" ? (
            <SearchPicker<CmsPageRow>
              path={menuPagesPath(language)}
              queryKey={menuPagesKey(language)}
              toOption={(page) => ({ id: String(page.id), label: page.title })}
              value={item.pageId === null ? null : { id: String(item.pageId), label: item.pageTitle }}
              onChange={(option) =>
                onChange({
                  ...item,
                  pageId: option ? Number(option.id) : null,
                  pageTitle: option?.label ?? "",
                  label: item.label || option?.label || "",
                  missing: false,
                })
              }
              label={t("cmsMenus.page")}
              noOptionsText={t("cmsMenus.noPages")}
              size="small"
              sx={{ minWidth: 220, flexGrow: 1 }}
            />
          ) : (
            <TextField
              size="small"
              label={t("cmsMenus.url")}
              value={item.url}
              onChange={(event) => onChange({ ...item, url: event.target.value })}
              helperText={t("cmsMenus.urlHint")}
              sx={{ minWidth: 220, flexGrow: 1 }}
            />
          )}
          <Stack direction="row" role="group" aria-label={t("cmsMenus.movesOf", { name })} sx={{ alignItems: "center" }}>
            <MoveButton label={t("cmsMenus.moveUp", { name })} disabled={!moves.up} onClick={() => onMove("up")}>
              <ArrowUpward fontSize="small" />
            </MoveButton>
            <MoveButton label={t("cmsMenus.moveDown", { name })} disabled={!moves.down} onClick={() => onMove("down")}>
              <ArrowDownward fontSize="small" />
            </MoveButton>
            <MoveButton label={t("cmsMenus.indent", { name })} disabled={!moves.indent} onClick={() => onMove("indent")}>
              <FormatIndentIncrease fontSize="small" />
            </MoveButton>
            <MoveButton label={t("cmsMenus.outdent", { name })} disabled={!moves.outdent} onClick={() => onMove("outdent")}>
              <FormatIndentDecrease fontSize="small" />
            </MoveButton>
            <MoveButton label={t("cmsMenus.remove", { name })} disabled={false} onClick={onRemove}>
              <DeleteOutlined fontSize="small" />
            </MoveButton>
          </Stack>
        </Stack>
        {item.missing ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t("cmsMenus.messages.pageMissing")}
          </Alert>
        ) : null}
        {errors.length > 0 ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errors.join(" ")}
          </Alert>
        ) : null}
      </Paper>
      {children}
    </Box>
  );
}
