/** Where the next page starts: after a full page there may be more, a shorter one is the last. */
export const nextBefore = (rows: readonly { seq: number }[], limit: number) =>
  rows.length === limit ? rows.at(-1)!.seq : null;
