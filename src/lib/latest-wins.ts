/** Calls of which only the newest counts: an older answer arriving late must not replace a newer one. */
export interface LatestWins {
  /** Starts a call; the returned check tells whether it is still the latest when its answer comes. */
  begin(): () => boolean;
  /** Drops every call in flight: an answer that arrives later changes nothing. */
  drop(): void;
}

/** Latest call wins (the list and detail stores, the shell's connectivity probe). */
export function latestWins(): LatestWins {
  let latest = 0;
  return {
    begin() {
      const mine = ++latest;
      return () => mine === latest;
    },
    drop() {
      latest++;
    },
  };
}
