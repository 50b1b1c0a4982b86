import type { OutboxEntry } from "./device-db.ts";

/**
 * A kept answer as the patient left it: what they did offline (an activity marked done or
 * favourite, a form's answers) shown over what the server last said, until the server has it.
 * Without it, a screen reopened offline would show the favourite unmarked and the draft empty.
 */
export function withPending(path: string, data: unknown, waiting: OutboxEntry[]): unknown {
  if (waiting.length === 0 || !data || typeof data !== "object") return data;
  const assignmentChanges = new Map<number, Record<string, unknown>>();
  const formAnswers = new Map<number, { answers: Record<string, unknown>; submit: boolean }>();
  for (const { action } of waiting) {
    if (action.kind === "assignment") assignmentChanges.set(action.id, { ...assignmentChanges.get(action.id), ...action.body });
    else if (action.kind === "reply")
      assignmentChanges.set(action.body.id, { ...assignmentChanges.get(action.body.id), done: true, result: action.body.result });
    else formAnswers.set(action.body.assignment, { answers: action.body.answers, submit: action.body.submit === true });
  }
  const form = /^\/api\/forms\/assignments\/(\d+)$/.exec(path);
  if (form) {
    const pending = formAnswers.get(Number(form[1]));
    return pending ? { ...data, answers: pending.answers, ...(pending.submit ? { state: "submitted", answerable: false } : {}) } : data;
  }
  const patch = (row: unknown) => {
    if (!row || typeof row !== "object" || !("activityId" in row) || !("id" in row)) return row;
    const changes = assignmentChanges.get(row.id as number);
    return changes ? { ...row, ...changes } : row;
  };
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.data)) return { ...record, data: record.data.map(patch) };
  return patch(data);
}
