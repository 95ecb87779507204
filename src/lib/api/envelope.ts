/**
 * The API's error envelope (DESIGN.md §5): `{success: false, message, errors?: {field: [messages]}}`,
 * read defensively from whatever body a failed call brought (it may not be ours: a proxy's HTML,
 * nothing at all). The one reader for the error policy and for forms.
 */
export interface ErrorEnvelope {
  /** The answer's sentence, when it has a non-empty one. */
  message: string | undefined;
  /** Messages per field; only non-empty strings are kept. */
  fieldErrors: Record<string, string[]>;
}

export function readErrorEnvelope(body: unknown): ErrorEnvelope {
  const { message, errors } = (body && typeof body === 'object' ? body : {}) as { message?: unknown; errors?: unknown };
  const fieldErrors: Record<string, string[]> = {};
  if (errors && typeof errors === 'object') {
    for (const [field, messages] of Object.entries(errors)) {
      if (!Array.isArray(messages)) continue;
      const kept = messages.filter((item): item is string => typeof item === 'string' && item.length > 0);
      if (kept.length > 0) fieldErrors[field] = kept;
    }
  }
  return { message: typeof message === 'string' && message.length > 0 ? message : undefined, fieldErrors };
}
