import { describe, expect, it } from 'vitest';
import { readErrorEnvelope } from './envelope.ts';

describe('readErrorEnvelope', () => {
  it('reads the message and the messages per field', () => {
    expect(readErrorEnvelope({ success: false, message: 'پیام', errors: { phone_number: ['الزامی'], code: ['نادرست', 'باطل'] } })).toEqual({
      message: 'پیام',
      fieldErrors: { phone_number: ['الزامی'], code: ['نادرست', 'باطل'] },
    });
  });

  it.each([null, undefined, '<html>502</html>', 42, [], { message: '' }, { message: 7, errors: 'x' }, { errors: { a: 'not a list', b: [1, '', null] } }])(
    'gives nothing for a body that is not our envelope: %j',
    (body) => expect(readErrorEnvelope(body)).toEqual({ message: undefined, fieldErrors: {} }),
  );
});
