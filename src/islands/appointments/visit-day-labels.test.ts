import { describe, expect, it } from 'vitest';
import { QUEUE_SESSIONS } from '#lib/api/contracts/queue.ts';
import { delayWords, SESSION_WORDS } from '#lib/queue/words.ts';
import { delayText, QUEUE_SESSION_LABELS } from './visit-day-labels.ts';

describe('the visit-day view says the day as the board does', () => {
  it('names each session state in the same words', () => {
    for (const session of QUEUE_SESSIONS) expect(QUEUE_SESSION_LABELS[session]).toBe(SESSION_WORDS[session]);
  });

  it('says every delay a desk can announce in the same words', () => {
    for (let minutes = 0; minutes <= 600; minutes++) expect(delayText(minutes)).toBe(delayWords(minutes));
  });
});
