import { atom } from 'nanostores';
import { uploadRequestFile } from '#client/api/service-requests.ts';
import type { ServiceRequestFile } from '#lib/api/contracts/service-requests.ts';
import { describeFailure } from '#lib/api/failure.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { REQUEST_FILE_MAX_BYTES, REQUEST_FILE_TYPES, REQUEST_FILES_MAX } from '#lib/services/requests.ts';

/**
 * The photos and PDFs attached on the request form (/sr/request/store): each is uploaded as soon as
 * it is chosen, and the request is filed with the ids of those that arrived. The server decides
 * what a file is; the checks here only spare the patient a useless upload.
 */

export type AttachedFile =
  | { local: number; name: string; size: number; status: 'uploading' }
  | { local: number; name: string; size: number; status: 'failed'; problem: string }
  | { local: number; name: string; size: number; status: 'ready'; file: ServiceRequestFile };

export const $attachedFiles = atom<AttachedFile[]>([]);

export const attachMessages = {
  tooMany: `حداکثر ${toPersianDigits(REQUEST_FILES_MAX)} فایل برای هر درخواست`,
  tooLarge: `حجم هر فایل حداکثر ${toPersianDigits(REQUEST_FILE_MAX_BYTES / 1024 / 1024)} مگابایت است`,
  type: 'فقط عکس JPEG یا PNG یا WebP، یا فایل PDF پذیرفته می‌شود',
  failed: 'بارگذاری نشد؛ دوباره تلاش کنید',
} as const;

let nextLocal = 1;

function update(local: number, change: (file: AttachedFile) => AttachedFile): void {
  $attachedFiles.set($attachedFiles.get().map((file) => (file.local === local ? change(file) : file)));
}

/** What the browser already knows is wrong with a file (the server checks again, by its bytes). */
function precheck(file: File): string | undefined {
  if (file.size > REQUEST_FILE_MAX_BYTES) return attachMessages.tooLarge;
  if (file.type && !(REQUEST_FILE_TYPES as readonly string[]).includes(file.type)) return attachMessages.type;
  return undefined;
}

async function upload(local: number, file: File): Promise<void> {
  try {
    const { data } = await uploadRequestFile(file, file.name);
    update(local, (_entry) => ({ local, name: data.name, size: data.size, status: 'ready', file: data }));
  } catch (error) {
    const failure = describeFailure(error);
    const problem = Object.values(failure.fieldErrors).flat()[0] ?? (failure.status !== undefined && failure.status < 500 ? failure.message : undefined) ?? attachMessages.failed;
    update(local, (entry) => ({ local, name: entry.name, size: entry.size, status: 'failed', problem }));
  }
}

/**
 * Adds the chosen files, up to REQUEST_FILES_MAX in all (failed ones do not count); returns a
 * message when some were left out for that reason.
 */
export function attachFiles(files: readonly File[]): string | undefined {
  const current = $attachedFiles.get().filter((file) => file.status !== 'failed');
  const room = Math.max(0, REQUEST_FILES_MAX - current.length);
  const taken = files.slice(0, room);
  const added = taken.map((file): AttachedFile => {
    const local = nextLocal++;
    const problem = precheck(file);
    return problem ? { local, name: file.name, size: file.size, status: 'failed', problem } : { local, name: file.name, size: file.size, status: 'uploading' };
  });
  $attachedFiles.set([...$attachedFiles.get(), ...added]);
  added.forEach((entry, i) => {
    if (entry.status === 'uploading') void upload(entry.local, taken[i]!);
  });
  return files.length > room ? attachMessages.tooMany : undefined;
}

/** Takes a file off the form (an uploaded one stays unused on the server and is dropped there later). */
export function detachFile(local: number): void {
  $attachedFiles.set($attachedFiles.get().filter((file) => file.local !== local));
}

/** The ids to send with the request. */
export function attachedFileIds(): string[] {
  return $attachedFiles.get().flatMap((file) => (file.status === 'ready' ? [file.file.id] : []));
}

/** Whether an upload is still on its way (the form waits for it). */
export function uploadsPending(): boolean {
  return $attachedFiles.get().some((file) => file.status === 'uploading');
}
