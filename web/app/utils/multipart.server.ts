import { type ApiError, UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import { type UploadHandler, unstable_parseMultipartFormData } from '@remix-run/node';
import { rejectForm } from './forms.server';
import { MESSAGES } from './messages';
import { apiFieldErrors, type FieldErrors } from './validation';

// A part above the API's upload limit is left out and named rather than failing the whole form (as Remix's memory
// handler does), so the action can say which field was too large and keep what was typed.

export const TOO_LARGE = MESSAGES.pictureTooLarge;

export interface SubmittedForm {
  form: FormData;
  oversized: string[];
}

/** The submitted form, multipart or URL-encoded; null when the body is neither or does not parse as what it says. */
export async function readForm(request: Request): Promise<SubmittedForm | null> {
  const type = request.headers.get('Content-Type') ?? '';
  try {
    if (type.startsWith('application/x-www-form-urlencoded')) {
      return { form: await request.formData(), oversized: [] };
    }
    return type.startsWith('multipart/form-data') ? await readMultipart(request) : null;
  } catch {
    return null;
  }
}

async function readMultipart(request: Request): Promise<SubmittedForm> {
  const oversized: string[] = [];
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    // The whole part is read even past the limit, so that the parser reaches the parts after it.
    for await (const chunk of data) {
      size += chunk.byteLength;
      // Copied into a plain ArrayBuffer, which File and Blob take (a chunk may sit on a shared one).
      if (size <= UPLOAD_MAX_BYTES) chunks.push(new Uint8Array(chunk));
    }
    if (size > UPLOAD_MAX_BYTES) {
      oversized.push(name);
      return undefined;
    }
    if (filename === undefined) return new Blob(chunks).text();
    // An empty file input still sends a part with an empty file name: it means "no new file".
    if (filename === '') return undefined;
    return new File(chunks, filename, { type: contentType });
  };
  return { form: await unstable_parseMultipartFormData(request, handler), oversized };
}

export function fileField(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}

export function rejectTooLarge(intent: string, file: string, values: Record<string, string>) {
  return rejectForm(intent, { errors: { [file]: TOO_LARGE }, values, message: TOO_LARGE, status: 413 });
}

/** The multipart body forwarding a form to the API; an empty value is left out unless `keepEmpty`. */
export function forwardedBody(
  form: FormData,
  values: Record<string, string>,
  file: string,
  { keepEmpty = false } = {},
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) if (keepEmpty || value !== '') body.append(name, value);
  const upload = fileField(form, file);
  if (upload) body.append(file, upload, upload.name);
  return body;
}

/** The field errors of the API's refusal of a forwarded form: a 413 is about the `file` field. */
export function uploadErrors(
  { status, error }: { status: number; error: ApiError },
  file: string,
): FieldErrors {
  return status === 413 ? { [file]: TOO_LARGE } : apiFieldErrors(error);
}
