import type { TokenCounts } from './bayes.js';
import type { TokenHasher, tokenRepository } from './token-repository.js';

/** The counts of every token never learnt: one object, not one per token (fewer for the GC to copy). */
const unseen: TokenCounts = Object.freeze({ spam: 0, ham: 0 });

/** Counts read for single messages kept at most, while the whole model is being loaded. */
const MAX_READ = 200_000;
/**
 * A token learnt from this many messages is a word many people write ("please", "gmail.com"), nobody's
 * data: its counts are kept by the token itself, which spares hashing it for every message.
 */
const COMMON_IN = 20;

type Model = { version: number; counts: Map<string, TokenCounts> };

/**
 * The counts a verdict reads, from memory: each instance holds every count of the model, loaded whole
 * once per version of the model (decision 051). The caller reads the version for each message, so a
 * mark on any instance, or on the command line, changes the very next verdict everywhere (decision
 * 041). While the model at a new version is loading (in the background, started by the first verdict
 * that meets the version), a verdict reads the counts of its own tokens it has not read at that version,
 * in one statement, as it always did: never a count of an older version.
 */
export function tokenCounts(store: ReturnType<typeof tokenRepository>) {
  let model: Model | undefined;
  let loading: Promise<void> | undefined;
  /**
   * The version that `read` and `common` hold counts of: new maps for each version, so a read that
   * answers after the version changed fills only the old one's.
   */
  let atVersion = -1;
  let read = new Map<string, TokenCounts>();
  let common = new Map<string, TokenCounts>();

  /**
   * Loads every count, kept only when the version is the same before and after: a change committed in
   * between (its counts and the version move in one transaction) leaves it for the next verdict to load.
   * A load that fails is likewise tried again by the next verdict, which reads its own tokens meanwhile.
   */
  async function load(): Promise<void> {
    const before = (await store.state()).version;
    const counts = await store.everyCount();
    if ((await store.state()).version !== before || before < (model?.version ?? -1)) return;
    model = { version: before, counts };
    if (before === atVersion) read = new Map();
  }

  const loadOnce = () =>
    (loading ??= load()
      .catch(() => undefined)
      .finally(() => (loading = undefined)));

  /** What `hashes` count at `version`, read for this message where not read before at the same one. */
  async function readOnce(hashes: readonly (string | undefined)[]): Promise<Map<string, TokenCounts>> {
    if (read.size + hashes.length > MAX_READ) read = new Map();
    const cache = read;
    const missing = [...new Set(hashes)].filter((hash) => hash !== undefined && !cache.has(hash)) as string[];
    if (missing.length === 0) return cache;
    const found = await store.countsOf(missing);
    for (const hash of missing) cache.set(hash, found.get(hash) ?? unseen);
    return cache;
  }

  return {
    /** Loads the whole model as it is now; the first verdict that meets a new version starts it itself. */
    load: loadOnce,

    /** The counts of each token at `version`, in the order given; unseen ones count zero. */
    async counts(tokens: readonly string[], hashOf: TokenHasher, version: number): Promise<TokenCounts[]> {
      if (version !== atVersion) {
        read = new Map();
        common = new Map();
        atVersion = version;
        if (model && model.version < version) model = undefined;
      }
      if (model?.version !== version) void loadOnce();
      const byWord = common;
      const countOf = (token: string, hash: string, known: ReadonlyMap<string, TokenCounts>) => {
        const counts = known.get(hash) ?? unseen;
        // Kept as a copy of its own: a word split from a message is a slice of that message's whole text,
        // which the map would otherwise hold in memory for as long as the model's version lasts.
        if (counts.spam + counts.ham >= COMMON_IN) byWord.set(structuredClone(token), counts);
        return counts;
      };
      // With the model in memory, one pass: a token's counts by the word, or else by its hash.
      const inMemory = model?.version === version ? model.counts : undefined;
      if (inMemory)
        return tokens.map((token) => byWord.get(token) ?? countOf(token, hashOf(token), inMemory));
      const hashes = tokens.map((token) => (byWord.has(token) ? undefined : hashOf(token)));
      const known = await readOnce(hashes);
      return tokens.map((token, index) => {
        const hash = hashes[index];
        return hash === undefined ? byWord.get(token)! : countOf(token, hash, known);
      });
    },
  };
}
