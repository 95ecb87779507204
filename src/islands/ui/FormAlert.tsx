/** A message for the whole step (network down, too many tries…), read out when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  return (
    <p role="alert" className={message ? 'rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger' : 'sr-only'}>
      {message ?? ''}
    </p>
  );
}
