import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Box, Button, Card, CardContent, FormHelperText, IconButton, Stack, TextField, Tooltip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

/** The message under a field of an editor (by its dotted path), in the interface language. */
export type FieldText = (path: string) => string | undefined;

/** One part of an editor dialog (the event editor, the insurance product editor): a fieldset with its heading and what it is about. */
export function EditorSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      ) : null}
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

/**
 * One row of a list edited in place (a ticket type, a question, a coverage item): a titled card with its remove
 * button. The button sits in a span so its tooltip still says why when it is disabled.
 */
export function EditorRowCard({
  title,
  note,
  removeLabel,
  onRemove,
  removeDisabled = false,
  actions,
  children,
}: {
  title: string;
  note?: string;
  removeLabel: string;
  onRemove: () => void;
  removeDisabled?: boolean;
  /** Buttons of the row's own before its remove button (moving an ordered row up or down). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
            <Typography variant="subtitle2" component="h3">
              {title}
              {note ? (
                <Box component="span" sx={{ color: "text.secondary", fontWeight: 400 }}>
                  {` · ${note}`}
                </Box>
              ) : null}
            </Typography>
            <Stack direction="row" sx={{ flexShrink: 0 }}>
              {actions}
              <Tooltip title={removeLabel}>
                <span>
                  <IconButton aria-label={removeLabel} onClick={onRemove} disabled={removeDisabled} size="small">
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          </Stack>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Under a list edited in place: the list's own error, then its add button. */
export function EditorRowsFooter({
  error,
  addLabel,
  onAdd,
  addDisabled,
}: {
  error: string | undefined;
  addLabel: string;
  onAdd: () => void;
  addDisabled: boolean;
}) {
  return (
    <>
      {error ? (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      ) : null}
      <div>
        <Button startIcon={<AddIcon />} onClick={onAdd} disabled={addDisabled}>
          {addLabel}
        </Button>
      </div>
    </>
  );
}

/** A required text in English and in Spanish, side by side on wide screens. */
export function BilingualTextFields({
  labels,
  register,
  errors,
  maxLength,
}: {
  labels: { en: string; es: string };
  register: (language: "en" | "es") => UseFormRegisterReturn;
  errors: { en: string | undefined; es: string | undefined };
  maxLength: number;
}) {
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      {(["en", "es"] as const).map((language) => (
        <TextField
          key={language}
          label={labels[language]}
          required
          fullWidth
          {...register(language)}
          error={!!errors[language]}
          helperText={errors[language]}
          slotProps={{ htmlInput: { maxLength } }}
        />
      ))}
    </Stack>
  );
}
