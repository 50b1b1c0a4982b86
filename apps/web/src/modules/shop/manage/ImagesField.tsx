import { SHOP_IMAGES_MAX } from "@clinic/shared";
import ArrowBack from "@mui/icons-material/ArrowBack";
import ArrowForward from "@mui/icons-material/ArrowForward";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Box, Chip, FormHelperText, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ImageUpload } from "../../../lib/components/ImageUpload.tsx";

export interface PickedImage {
  id: string;
  url: string;
}

/** `list` with the item at `from` moved to `to` (a copy). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

function Tool({ label, disabled, onClick, children }: { label: string; disabled?: boolean; onClick: () => void; children: ReactNode }) {
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

/**
 * A product's pictures: added one upload at a time, moved earlier or later with buttons
 * (keyboard and screen readers reach them, unlike dragging), removed; the first is the main one.
 */
export function ImagesField({ value, onChange, error }: { value: PickedImage[]; onChange: (images: PickedImage[]) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t("shopManage.images.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t("shopManage.images.hint", { max: SHOP_IMAGES_MAX })}
      </Typography>
      {value.length > 0 ? (
        <Stack direction="row" component="ol" useFlexGap sx={{ flexWrap: "wrap", gap: 1.5, listStyle: "none", p: 0, m: 0, mb: 1.5 }}>
          {value.map((image, index) => {
            const number = index + 1;
            return (
              <Box component="li" key={image.id} sx={{ width: 148, border: 1, borderColor: "divider", borderRadius: 1, p: 0.75 }}>
                <Box
                  component="img"
                  src={image.url}
                  alt={t("shopManage.images.alt", { number })}
                  sx={{ width: "100%", height: 96, objectFit: "cover", borderRadius: 0.5, display: "block" }}
                />
                <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mt: 0.5 }}>
                  {index === 0 ? (
                    <Chip size="small" color="primary" label={t("shopManage.images.main")} />
                  ) : (
                    <Typography variant="caption">{number}</Typography>
                  )}
                  <Stack direction="row">
                    <Tool label={t("shopManage.images.earlier", { number })} disabled={index === 0} onClick={() => onChange(moved(value, index, index - 1))}>
                      <ArrowBack fontSize="small" />
                    </Tool>
                    <Tool
                      label={t("shopManage.images.later", { number })}
                      disabled={index === value.length - 1}
                      onClick={() => onChange(moved(value, index, index + 1))}
                    >
                      <ArrowForward fontSize="small" />
                    </Tool>
                    <Tool label={t("shopManage.images.remove", { number })} onClick={() => onChange(value.filter((_, at) => at !== index))}>
                      <DeleteOutline fontSize="small" />
                    </Tool>
                  </Stack>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      ) : null}
      {value.length < SHOP_IMAGES_MAX ? (
        // A fresh picker each time: it only adds, the list above shows and orders what was added.
        <ImageUpload
          label={t("shopManage.images.add")}
          url={null}
          onChange={(image) => {
            if (image && !value.some((one) => one.id === image.id)) onChange([...value, image]);
          }}
        />
      ) : null}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}
