/** OTP code: required, exactly 5 digits after digit normalisation. */
import * as v from 'valibot';
import { RequiredSchema } from './base.ts';
import { validationMessages as M } from './messages.ts';
import { compactDigits } from './normalize.ts';

export const OTP_LENGTH = 5;

/** «کد تأیید باید ۵ رقم باشد»; output 5 Latin digits. */
export const OtpCodeSchema = v.pipe(RequiredSchema, v.transform(compactDigits), v.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), M.otpCode));
export type OtpCode = v.InferOutput<typeof OtpCodeSchema>;
