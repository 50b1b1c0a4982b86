import Inventory2Outlined from "@mui/icons-material/Inventory2Outlined";
import { Box, ButtonBase, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** A product's pictures: the chosen one large, the others as buttons that show them instead. */
export function ImageGallery({ images, name }: { images: { uploadId: string; url: string }[]; name: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(0);
  const main = images[Math.min(shown, images.length - 1)];
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Box
        sx={{
          aspectRatio: "4 / 3",
          bgcolor: "action.hover",
          borderRadius: 2,
          overflow: "hidden",
          display: "grid",
          placeItems: "center",
          color: "text.secondary",
        }}
      >
        {main ? (
          <img
            src={main.url}
            alt={images.length > 1 ? t("shopStore.product.imageOf", { name, index: shown + 1, count: images.length }) : name}
            style={{ width: "100%", height: "100%", objectFit: "contain" }}
          />
        ) : (
          <Inventory2Outlined sx={{ fontSize: 96 }} aria-hidden />
        )}
      </Box>
      {images.length > 1 ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }} role="group" aria-label={t("shopStore.product.images")}>
          {images.map((image, index) => (
            <ButtonBase
              key={image.uploadId}
              onClick={() => setShown(index)}
              aria-label={t("shopStore.product.showImage", { index: index + 1, count: images.length })}
              aria-pressed={index === shown}
              sx={{
                width: 64,
                height: 64,
                borderRadius: 1,
                overflow: "hidden",
                border: 2,
                borderColor: index === shown ? "primary.main" : "divider",
                "&:focus-visible": { outline: "3px solid", outlineColor: "primary.main", outlineOffset: 2 },
              }}
            >
              <img src={image.url} alt="" style={{ width: "100%", height: "100%", objectFit: "cover" }} />
            </ButtonBase>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
