import { expect } from 'vitest';

/** The error `promise` rejects with, checked to be a `type`; fails the test when it resolves or rejects with something else. */
export async function rejection<E extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}
