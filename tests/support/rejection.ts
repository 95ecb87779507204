import { expect } from 'vitest';
import { AppError } from '../../src/server/errors.ts';

/** The error `promise` rejects with, checked to be a `type`; fails the test when it resolves or rejects with something else. */
export async function rejection<E extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/** The AppError `promise` rejects with (a service's refusal); fails the test when it resolves or throws anything else. */
export const refusal = (promise: Promise<unknown>): Promise<AppError> => rejection(promise, AppError);
