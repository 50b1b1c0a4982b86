import {
  CHAT_MESSAGES,
  type ChatMessageKind,
  chatAttachmentFieldsSchema,
  chatConversationIdParamSchema,
  chatMessageSchema,
  UPLOAD_LIMITS,
  UPLOAD_MIME_TYPES,
  type UploadKind,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Actor } from "../../platform/access.ts";
import { requireActor } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { badRequest, type FieldErrors } from "../../platform/errors.ts";
import { addFieldError, parseFormFields, type ReceivedForm, receiveMultipart } from "../../platform/multipart.ts";
import { type BlobStore, checkContent, kindOfMime, newStorageKey, type StagedUpload, sniffMime } from "../../platform/uploads.ts";
import { uploads } from "../../platform/uploads.table.ts";
import { CHAT_TAGS, type ChatDeps, chatDepsOf, chatMembers, conversationFor } from "./chat-scope.ts";
import { appendMessage, checkCanWrite, readMessage } from "./messages.service.ts";

/**
 * Attachments in a conversation (issue 41): an image, a PDF or an audio file (a voice note), with
 * an optional caption, sent by an agent (out; on WhatsApp the sender job forwards it) or by the
 * patient in the app (in). The bytes go through the uploads platform (sniffed, size-capped) and
 * are owned by the conversation's clinic; they download through `/api/uploads/:id`, whose
 * access check lets the patient read their own in-app conversation's (platform/uploads.ts).
 */

const ATTACHMENT_KINDS = ["image", "document", "audio"] as const satisfies readonly UploadKind[];
/** What WhatsApp takes as media besides what the uploads platform knows: no GIF (CHAT_MESSAGES.attachmentType). */
const ATTACHMENT_MIMES: ReadonlySet<string> = new Set(ATTACHMENT_KINDS.flatMap((kind) => UPLOAD_MIME_TYPES[kind]).filter((mime) => mime !== "image/gif"));
/** The streaming cap, before the kind is known; each kind's own limit is checked after. */
const ATTACHMENT_CAP = Math.max(...ATTACHMENT_KINDS.map((kind) => UPLOAD_LIMITS[kind]));
const FILE_FIELD = "archivo";

const tooLarge = (bytes: number) => CHAT_MESSAGES.attachmentTooLarge.replace("{size}", `${Math.round(bytes / (1024 * 1024))} MB`);

interface CheckedAttachment {
  caption: string;
  staged: StagedUpload;
  kind: (typeof ATTACHMENT_KINDS)[number];
  mime: string;
}

/** Every check of the form at once (a 400 with each field's messages), before anything is stored. */
function checkAttachment(form: ReceivedForm): CheckedAttachment {
  const errors: FieldErrors = structuredClone(form.errors);
  const staged = form.staged;
  // The multipart layer's own "too large" names no kind: ours says the limit of what was sent.
  if (staged?.tooLarge) delete errors[FILE_FIELD];
  const fields = parseFormFields(chatAttachmentFieldsSchema.strict(), form.fields, errors);
  let content: { kind: CheckedAttachment["kind"]; mime: string } | null = null;
  if (!staged || staged.size === 0) addFieldError(errors, FILE_FIELD, CHAT_MESSAGES.attachmentNeeded);
  else {
    const sniffed = sniffMime(staged.head);
    const sniffedKind = sniffed && ATTACHMENT_MIMES.has(sniffed) ? kindOfMime(sniffed) : null;
    const kind = ATTACHMENT_KINDS.find((allowed) => allowed === sniffedKind);
    if (staged.tooLarge) addFieldError(errors, FILE_FIELD, tooLarge(kind ? UPLOAD_LIMITS[kind] : ATTACHMENT_CAP));
    else if (!kind) addFieldError(errors, FILE_FIELD, CHAT_MESSAGES.attachmentType);
    else if (staged.size > UPLOAD_LIMITS[kind]) addFieldError(errors, FILE_FIELD, tooLarge(UPLOAD_LIMITS[kind]));
    else {
      // The declared type must agree with the bytes (a .pdf that is a PNG is refused).
      const checked = checkContent(staged, [kind]);
      if (checked.ok) content = { kind, mime: checked.mime };
      else for (const message of checked.errors) addFieldError(errors, FILE_FIELD, message);
    }
  }
  if (Object.keys(errors).length > 0 || fields === null || !staged || !content) throw badRequest(errors);
  return { caption: fields.caption, staged, ...content };
}

/**
 * Adds the attachment as a message: the conversation's scope first (404 outside it: nothing is
 * kept), then the file, then who may write now (closed, WhatsApp's window: 409); the bytes go into
 * the store, then the upload and the message in one transaction, which checks again under the
 * conversation's lock. A failure there takes the stored bytes with it. Answers the message id.
 */
export async function sendAttachment(deps: ChatDeps, store: BlobStore, actor: Actor, conversationId: number, form: ReceivedForm): Promise<number> {
  await conversationFor(deps.db, actor, conversationId);
  const attachment = checkAttachment(form);
  await checkCanWrite(deps.db, actor, conversationId, "text");
  const storageKey = newStorageKey();
  await store.put(storageKey, attachment.staged.tempPath, attachment.staged.size, attachment.mime);
  try {
    return await deps.db.transaction(async (tx) => {
      const conversation = await checkCanWrite(tx, actor, conversationId, "text");
      const [upload] = await tx
        .insert(uploads)
        .values({
          kind: attachment.kind,
          mime: attachment.mime,
          size: attachment.staged.size,
          sha256: attachment.staged.sha256,
          originalName: attachment.staged.originalName,
          storageKey,
          clinicId: conversation.clinicId,
          createdBy: actor.id,
        })
        .returning({ id: uploads.id });
      if (!upload) throw new Error("No upload inserted");
      const kind: ChatMessageKind = attachment.kind;
      const id = await appendMessage(tx, deps.jobs, conversation, {
        direction: actor.role === "patient" ? "in" : "out",
        kind,
        body: attachment.caption,
        uploadId: upload.id,
        authorId: actor.id,
      });
      return id as number;
    });
  } catch (error) {
    await store.remove(storageKey).catch(() => {});
    throw error;
  }
}

export const chatAttachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = chatDepsOf(app);

  app.post(
    "/api/chat/conversations/:id/attachments",
    {
      preValidation: chatMembers,
      schema: {
        tags: CHAT_TAGS,
        summary:
          "Send an attachment: multipart archivo (PNG, JPEG, WebP ≤ 5 MB; PDF ≤ 20 MB; OGG, MP3, M4A, AAC, AMR ≤ 16 MB) and an optional caption (agents: out, the patient: in)",
        consumes: ["multipart/form-data"],
        params: chatConversationIdParamSchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const conversationId = request.params.id;
      const form = await receiveMultipart(request, app.uploads.stagingDir, FILE_FIELD, () => ATTACHMENT_CAP);
      try {
        const messageId = await audited(request, { action: "chat.attachment.send", detail: { conversationId } }, () =>
          sendAttachment(deps, app.uploads, actor, conversationId, form),
        );
        return reply.status(201).send(await readMessage(deps.db, messageId));
      } finally {
        await form.staged?.discard();
      }
    },
  );
};
