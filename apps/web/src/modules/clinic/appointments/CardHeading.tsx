import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Stack, Typography } from "@mui/material";

/** A card's title and hint, with its "Add …" button for those who may add. */
export function CardHeading({
  titleId,
  title,
  hint,
  addLabel,
  onAdd,
}: {
  titleId: string;
  title: string;
  hint: string;
  addLabel: string;
  onAdd: (() => void) | null;
}) {
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 1 }}>
      <Box>
        <Typography variant="h6" component="h2" id={titleId}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Box>
      {onAdd ? (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} sx={{ flexShrink: 0 }}>
          {addLabel}
        </Button>
      ) : null}
    </Stack>
  );
}
