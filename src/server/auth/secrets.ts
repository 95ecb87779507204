import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '#lib/validation/otp.ts';
import { appSecret } from '../secret.ts';
import { tokenPolicy } from './policy.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A uniformly random code of 5 Latin digits. */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * What is stored instead of a code: an HMAC-SHA256 under the server's key (APP_SECRET), bound to
 * the phone so equal codes of two phones differ. Without the key, the 100,000 possible codes of a
 * stolen row cannot be tried offline.
 */
export function hashOtpCode(phoneNumber: string, code: string, secret: string = appSecret()): string {
  return createHmac('sha256', secret).update(`otp:${phoneNumber}:${code}`).digest('hex');
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A bearer token: 256 random bits, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(tokenPolicy.bytes).toString('base64url');
}

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function isTokenShaped(token: string): boolean {
  return TOKEN_FORMAT.test(token);
}

/** What is stored instead of a token: plain SHA-256 is enough for 256 random bits. */
export function hashToken(token: string): string {
  return sha256(token);
}
