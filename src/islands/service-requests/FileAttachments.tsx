import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { toPersianDigits } from '#lib/format/digits.ts';
import { REQUEST_FILE_MAX_BYTES, REQUEST_FILE_TYPES, REQUEST_FILES_MAX } from '#lib/services/requests.ts';
import { $attachedFiles, attachFiles, detachFile } from '#stores/service-requests-files.ts';
import { fileSizeText } from './labels.ts';

/**
 * The request form's photos and PDFs: a button that opens the device's file picker (or camera), and
 * the chosen files with their upload state, each removable. Kept here until the shared kit has a
 * file field.
 */
export function FileAttachments({ disabled }: { disabled?: boolean }) {
  const files = useStore($attachedFiles);
  const inputId = useId();
  const [problem, setProblem] = useState<string>();
  const counted = files.filter((file) => file.status !== 'failed').length;
  const full = counted >= REQUEST_FILES_MAX;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-bold" id={`${inputId}-label`}>
        عکس یا PDF نسخه (اختیاری)
      </p>
      <p className="text-sm text-muted" id={`${inputId}-hint`}>
        تا {toPersianDigits(REQUEST_FILES_MAX)} فایل، هر کدام تا {toPersianDigits(REQUEST_FILE_MAX_BYTES / 1024 / 1024)} مگابایت: عکس JPEG یا PNG یا WebP، یا PDF. اطلاعات مکان عکس پیش از
        ذخیره پاک می‌شود.
      </p>
      <label
        htmlFor={inputId}
        className={`inline-flex min-h-11 cursor-pointer items-center justify-center self-start rounded-xl border border-line px-4 font-bold text-brand hover:bg-page has-focus-visible:outline-3 has-focus-visible:outline-brand ${full || disabled ? 'pointer-events-none opacity-60' : ''}`}
      >
        <input
          id={inputId}
          type="file"
          multiple
          accept={REQUEST_FILE_TYPES.join(',')}
          className="sr-only"
          disabled={disabled || full}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            // The same file may be chosen again after it was removed.
            event.target.value = '';
            setProblem(attachFiles(chosen));
          }}
        />
        افزودن عکس یا PDF
      </label>
      {problem && <p className="text-sm text-danger">{problem}</p>}
      {files.length > 0 && (
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line" aria-label="فایل‌های پیوست" aria-live="polite">
          {files.map((file) => (
            <li key={file.local} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-attached-file={file.status}>
              <div className="flex min-w-0 flex-col">
                <span dir="rtl" className="font-bold [overflow-wrap:anywhere]">
                  <bdi>{file.name}</bdi>
                </span>
                <span className={`text-sm ${file.status === 'failed' ? 'text-danger' : 'text-muted'}`}>
                  {fileSizeText(file.size)} · {file.status === 'uploading' ? 'در حال بارگذاری…' : file.status === 'ready' ? 'بارگذاری شد' : file.problem}
                </span>
              </div>
              <button
                type="button"
                className="min-h-11 rounded-xl border border-line px-3 text-sm font-bold text-danger hover:bg-page disabled:opacity-60"
                disabled={disabled || file.status === 'uploading'}
                aria-label={`حذف ${file.name}`}
                onClick={() => {
                  detachFile(file.local);
                  setProblem(undefined);
                }}
              >
                حذف
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
