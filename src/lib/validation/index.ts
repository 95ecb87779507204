/** Validation library (spec §5): valibot schemas with Persian messages, plus plain predicates for forms. */
import './default-messages.ts';

export * from './bank.ts';
export * from './base.ts';
export * from './datetime.ts';
export * from './gender.ts';
export * from './messages.ts';
export * from './national-code.ts';
export * from './normalize.ts';
export * from './numeric.ts';
export * from './otp.ts';
export * from './person.ts';
export * from './phone.ts';
export * from './request-text.ts';
export * from './text.ts';
