import { AI_LIMITS } from "@clinic/shared";
import SendIcon from "@mui/icons-material/Send";
import StopIcon from "@mui/icons-material/Stop";
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { useNotices } from "../../../lib/notices.tsx";
import { translatedFailure } from "../../../lib/refusals.ts";
import { aiText } from "../widget/api.ts";
import { AnswerView } from "../widget/AnswerView.tsx";
import { askConsole, type ConsoleAnswer, consoleReducer, IDLE_CONSOLE } from "./console.ts";

/** The answer as it comes: the question, how it is being made, then the answer as a user would see it. */
export function ConsoleAnswerView({ answer }: { answer: ConsoleAnswer }) {
  const { t } = useTranslation();
  if (answer.status === "idle") return null;
  const streaming = answer.status === "asking" || answer.status === "writing";
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          {t("aiAdmin.console.asked")}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {answer.question}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography variant="caption" sx={{ fontWeight: 700 }}>
            {t("aiAdmin.console.answer")}
          </Typography>
          {answer.mode ? <Chip size="small" variant="outlined" label={t(`aiAdmin.logs.modes.${answer.mode}`)} /> : null}
        </Stack>
        <Box aria-live="polite" aria-busy={streaming}>
          <AnswerView
            content={answer.content}
            mode={answer.mode}
            notice={answer.notice}
            sources={answer.sources}
            streaming={streaming}
            stopped={answer.status === "stopped" || answer.status === "interrupted"}
          />
        </Box>
        {answer.status === "interrupted" ? <Alert severity="warning">{t("aiAdmin.console.interrupted")}</Alert> : null}
      </Stack>
    </Paper>
  );
}

/**
 * The test console (issue 42.4): a question answered with the scope's saved settings, exactly as
 * a user of the scope would get it (the model or the passages, the sources, the emergency guard),
 * and nothing stored but its usage.
 */
export function ConsoleTab({ clinicId }: { clinicId: string | null }) {
  const { t, i18n } = useTranslation();
  const notices = useNotices();
  const [question, setQuestion] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, dispatch] = useReducer(consoleReducer, IDLE_CONSOLE);
  const running = useRef<AbortController | null>(null);
  const busy = answer.status === "asking" || answer.status === "writing";
  // Leaving the tab (or the scope: the page gives each scope its own console) stops the answer on its way.
  useEffect(() => () => running.current?.abort(), []);

  const ask = async () => {
    const text = question.trim();
    if (text === "") {
      setProblem(t("aiAdmin.console.empty"));
      return;
    }
    setProblem(null);
    const controller = new AbortController();
    running.current = controller;
    const outcome = await askConsole({ clinicId, question: text }, dispatch, controller.signal);
    if (running.current === controller) running.current = null;
    if (outcome.kind === "refused") {
      const said = outcome.failure instanceof ApiError ? outcome.failure.fieldErrors.question?.[0] : undefined;
      if (said) setProblem(aiText(i18n.t, said));
      else notices.error(translatedFailure(outcome.failure, i18n.t));
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 900 }}>
      <Typography color="text.secondary">{t("aiAdmin.console.intro")}</Typography>
      <Stack
        component="form"
        noValidate
        spacing={1}
        aria-label={t("aiAdmin.console.label")}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void ask();
        }}
      >
        <TextField
          label={t("aiAdmin.console.question")}
          multiline
          minRows={2}
          maxRows={8}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          error={problem !== null}
          helperText={problem ?? t("aiAdmin.console.hint", { length: question.length, max: AI_LIMITS.question })}
          slotProps={{ htmlInput: { maxLength: AI_LIMITS.question } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={busy}>
            {t("aiAdmin.console.ask")}
          </Button>
          {busy ? (
            <Button variant="outlined" startIcon={<StopIcon />} onClick={() => running.current?.abort()}>
              {t("aiAdmin.console.stop")}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <ConsoleAnswerView answer={answer} />
    </Stack>
  );
}
