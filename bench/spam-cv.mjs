// Chooses the spam filter's bands and the classifier's weights by cross-validation on the older four
// fifths of spam-1 and easy-ham-1 (by when each mail was written, bench/lib/spam-corpus.mjs), and on
// nothing else: the newest fifth, which bench:spam scores, is never read here. The older part is cut in
// five periods; each of the last three is scored by a classifier that learnt every period before it
// (forward chaining: always the past judging the future, as the time split does). Each scored mail is
// judged in-process by the filter's own functions, as the form would carry it: its content and sender
// signals, the same text from another address earlier in the period (the repetition signal), and the
// classifier's reading (the probability of the 150 clearest tokens and of the 25 clearest), which each
// candidate weighting turns into points.
//
// The rule, applied to every weighting and possibly-band of the grid: no real mail silenced nor within
// MARGIN points of it (the independent check's commercial-looking mail is not in these sets, so the band
// that silences keeps its distance from everything real); at most 1 % of real mail labelled; in each
// scored period at least the spam silenced that the filter silences now (SILENCED_BEFORE: a
// change that silenced less where the filter had learnt most, nearest what the time split learns,
// silenced less on the newer fifth too, decision 055; when no weighting holds it, none is chosen);
// spam unlabelled at most 3 %, or within 1 point of the least any such weighting reaches; of what is
// left, the most spam silenced, then the fewest real mails labelled, then the least spam unlabelled. Prints
// the best weightings, the choice, the choice in each scored period with how much the classifier had
// learnt by then, the choice without each kind of token the classifier reads (a classifier trained and
// judged without them), each other signal's own contribution (the choice without its points, and the
// grid's choice without it), and the learning curve on the same periods (the older half's mistakes learnt
// as marks teach them, each as MARK_WEIGHT messages, the newer half judged again); last, to read what it
// misses, the spam the choice leaves unlabelled and the real mail the classifier reads most like spam.
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repo } from '@site/testing/server-process';
import { formFields, mailsOf, SETS, timeSplit } from './lib/spam-corpus.mjs';

const server = (path) => import(join(repo, 'apps/server/dist', path));
const { spamTextOfMail } = await server('spam/mail-files.js');
const { messageTokens, normalText } = await server('spam/spam-text.js');
const { spamReading, tokenProbability } = await server('spam/bayes.js');
const { classifierPoints, classifierWeights } = await server('spam/classifier.js');
const { contentSignals, scriptPattern } = await server('spam/content-signals.js');
const { senderSignals } = await server('spam/sender-signal.js');
const { textFingerprint } = await server('spam/repetition.js');
const { tokenHasher } = await server('spam/token-repository.js');
const { verdictOf } = await server('spam/spam-filter.js');
const { MARK_WEIGHT } = await server('spam/spam-training.js');
const { readEnv } = await server('env.js');
const { readSiteFacts } = await server('site/site-facts.js');
const { spamSettingsOf } = await server('derived-settings.js');

const PERIODS = 5;
const SCORED_PERIODS = 3;
const MARGIN = 1;
const MAX_SPAM_UNLABELLED = 0.03;
const MAX_REAL_LABELLED = 0.01;
const UNLABELLED_SLACK = 0.01;
/**
 * The spam the filter silences in each scored period since the `links` signal was dropped and the
 * weights chosen again (decision 063; 68.4, 76.6 and 94.7 % with it, decision 059): a choice silences
 * no less in any of them (decision 055). Raise it with a change that silences more.
 */
const SILENCED_BEFORE = [0.711, 0.813, 0.961];
const GRID = {
  from: [0.05, 0.1, 0.2, 0.3, 0.5, 0.6, 0.7, 0.8],
  sureAt: [0.9, 0.95, 0.99, 0.995, 0.999, 0.9999],
  realBelow: [0.2, 0.3, 0.4],
  realPoints: [0, 1, 2, 3],
  possiblyThreshold: [1.5, 2, 2.5, 3],
  labelFrom: [0.4, 0.45, 0.5, 0.6],
};
/** The kinds of token the classifier reads, by their marks (words of the body have none). */
const TOKEN_KINDS = {
  'sender domain': /^from:/u,
  'sender site': /^from-site:/u,
  'link sites': /^site:/u,
  'subject words': /^subject:/u,
  'capital words': /^(?:subject-)?caps:/u,
  shape: /^shape:/u,
  'body words': /^[^:]*$/u,
};

const env = readEnv({ DATA_DIR: join(tmpdir(), 'spam-cv'), APP_SECRET: 'spam-cv-secret-'.padEnd(40, 'x') });
const settings = spamSettingsOf(env, await readSiteFacts(env.WEB_ROOT));
const siteScripts = scriptPattern(settings.siteScripts);
const hashOf = tokenHasher(env.APP_SECRET);

/** The older four fifths of a set, oldest first, each mail as the form would carry it, with its tokens. */
async function learnable(kind) {
  const { train } = timeSplit(await mailsOf(SETS[kind]));
  return Promise.all(
    train.map(async (mail) => {
      const text = await spamTextOfMail(await readFile(mail.path));
      const fields = formFields(text);
      const form = fields && { ...fields, body: fields.message };
      return {
        kind,
        at: mail.at,
        tokens: messageTokens(text),
        form,
        formTokens: form && messageTokens(form),
      };
    }),
  );
}
const sets = { spam: await learnable('spam'), ham: await learnable('ham') };
const periodOf = (list, index) =>
  list.slice(Math.round((list.length * index) / PERIODS), Math.round((list.length * (index + 1)) / PERIODS));

/**
 * A classifier's counts, learnt from `mails` (each with its kind and tokens, and as how many messages it
 * counts: an operator's mark MARK_WEIGHT), reading only the tokens `keep` keeps.
 */
function learnt(mails, keep) {
  const counts = new Map();
  const totals = { spam: 0, ham: 0 };
  for (const mail of mails) {
    const weight = mail.weight ?? 1;
    totals[mail.kind] += weight;
    for (const token of mail.tokens.filter(keep)) {
      const count = counts.get(token) ?? { spam: 0, ham: 0 };
      count[mail.kind] += weight;
      counts.set(token, count);
    }
  }
  return { counts, totals };
}

/** What the classifier reads of a mail: the probability of its 150 clearest tokens, and of its 25 clearest. */
const readingOf = (mail, { counts, totals }, keep) =>
  spamReading(
    mail.formTokens.filter(keep).map((token) => counts.get(token) ?? { spam: 0, ham: 0 }),
    totals,
  );

/**
 * Each scored period's form messages, oldest first, with the points of the signals other than the
 * classifier (the repetition signal counting the same text from another address earlier in the period),
 * and the mails learnt before the period.
 */
const scoredPeriods = [];
for (let period = PERIODS - SCORED_PERIODS; period < PERIODS; period++) {
  const before = ['spam', 'ham'].flatMap((kind) =>
    Array.from({ length: period }, (_, index) => periodOf(sets[kind], index)).flat(),
  );
  const scored = [...periodOf(sets.spam, period), ...periodOf(sets.ham, period)]
    .filter((mail) => mail.form)
    .sort((a, b) => a.at - b.at);
  const senders = new Map();
  for (const mail of scored) {
    const fingerprint = textFingerprint(normalText(mail.form.body), hashOf);
    const others = new Set((senders.get(fingerprint) ?? []).filter((email) => email !== mail.form.email));
    if (fingerprint) senders.set(fingerprint, [...(senders.get(fingerprint) ?? []), mail.form.email]);
    mail.signals = [
      ...contentSignals(mail.form, siteScripts),
      ...senderSignals(mail.form.email),
      ...(others.size === 0 ? [] : [{ signal: 'repeated-text', points: others.size >= 3 ? 4 : 2 }]),
    ];
    mail.other = mail.signals.reduce((sum, reason) => sum + reason.points, 0);
  }
  scoredPeriods.push({ before, scored });
}

/**
 * Every scored mail of every fold: its kind, the classifier's reading, the other signals' points
 * (without `leftOut`'s, when given).
 */
function judgedFolds(keep = () => true, leftOut = undefined) {
  return scoredPeriods.flatMap(({ before, scored }, period) => {
    const model = learnt(before, keep);
    return scored.map((mail) => ({
      mail,
      model,
      period,
      kind: mail.kind,
      reading: readingOf(mail, model, keep),
      other: mail.signals.reduce((sum, reason) => sum + (reason.signal === leftOut ? 0 : reason.points), 0),
      signals: mail.signals,
    }));
  });
}

/** Shares of each kind by verdict under one weighting and possibly band. */
function outcome(judged, weights, possiblyThreshold) {
  const bands = { ...settings, possiblyThreshold };
  const tally = { spam: { n: 0 }, ham: { n: 0, near: 0 } };
  for (const { kind, reading, other } of judged) {
    const score = Math.round((other + classifierPoints(reading, weights)) * 10) / 10;
    const verdict = verdictOf(score, false, bands);
    tally[kind].n++;
    tally[kind][verdict] = (tally[kind][verdict] ?? 0) + 1;
    if (kind === 'ham' && score > settings.threshold - MARGIN) tally.ham.near++;
  }
  const share = (kind, verdict) => (tally[kind][verdict] ?? 0) / tally[kind].n;
  return {
    spamSilenced: share('spam', 'spam'),
    spamUnlabelled: share('spam', 'not-spam'),
    realLabelled: share('ham', 'possibly-spam'),
    realSilenced: share('ham', 'spam'),
    realNear: tally.ham.near,
    counts: { spam: tally.spam.n, ham: tally.ham.n },
  };
}

/**
 * The weightings of the grid that keep to the rule on `judged`, best first: no real mail silenced nor
 * near it, little labelled, in each period at least the spam silenced before, the fewest spam
 * unlabelled within the slack, then the most spam silenced.
 */
function ruleAbiding(judged) {
  const inPeriod = (period) => judged.filter((mail) => mail.period === period);
  const holdsSilencing = (weights, possiblyThreshold) =>
    SILENCED_BEFORE.every(
      (before, period) =>
        outcome(inPeriod(period), weights, possiblyThreshold).spamSilenced >= before - 0.0005,
    );
  const candidates = [];
  for (const from of GRID.from)
    for (const sureAt of GRID.sureAt)
      for (const realBelow of GRID.realBelow)
        for (const realPoints of GRID.realPoints)
          for (const possiblyThreshold of GRID.possiblyThreshold)
            for (const labelFrom of GRID.labelFrom) {
              const weights = {
                ...classifierWeights,
                from,
                sureAt,
                realBelow,
                realPoints,
                labelFrom,
              };
              candidates.push({ weights, possiblyThreshold, ...outcome(judged, weights, possiblyThreshold) });
            }
  const safe = candidates.filter(
    (c) =>
      c.realNear === 0 &&
      c.realLabelled <= MAX_REAL_LABELLED &&
      holdsSilencing(c.weights, c.possiblyThreshold),
  );
  const leastUnlabelled = Math.min(...safe.map((c) => c.spamUnlabelled));
  const allowed = safe
    .filter((c) => c.spamUnlabelled <= Math.max(MAX_SPAM_UNLABELLED, leastUnlabelled + UNLABELLED_SLACK))
    .sort(
      (a, b) =>
        b.spamSilenced - a.spamSilenced ||
        a.realLabelled - b.realLabelled ||
        a.spamUnlabelled - b.spamUnlabelled,
    );
  return { allowed, tried: candidates.length };
}

const judged = judgedFolds();
const inPeriod = (period) => judged.filter((mail) => mail.period === period);
const { allowed, tried } = ruleAbiding(judged);

const percent = (share) => `${(share * 100).toFixed(1)} %`;
const row = (c) => ({
  from: c.weights.from,
  'sure at': c.weights.sureAt,
  'real below': c.weights.realBelow,
  'real points': -c.weights.realPoints,
  'possibly from': c.possiblyThreshold,
  'label from': c.weights.labelFrom,
  'spam silenced': percent(c.spamSilenced),
  'spam unlabelled': percent(c.spamUnlabelled),
  'real labelled': percent(c.realLabelled),
  'real silenced': percent(c.realSilenced),
});
const { counts } = outcome(judged, classifierWeights, settings.possiblyThreshold);
console.log(
  `Cross-validation on the older four fifths: ${SCORED_PERIODS} later periods of ${PERIODS}, each judged by what came before; ${counts.spam} spam and ${counts.ham} real form messages scored`,
);
console.log(`${allowed.length} of ${tried} weightings keep to the rule; the best:`);
console.table(allowed.slice(0, 8).map(row));
const now = { weights: classifierWeights, possiblyThreshold: settings.possiblyThreshold };
console.log('The weights and band the filter has now:');
console.table([row({ ...now, ...outcome(judged, now.weights, now.possiblyThreshold) })]);
const chosen = allowed[0];
if (!chosen)
  throw new Error(
    `no weighting keeps to the rule: none keeps real mail safe and silences in each period what the filter before did (${SILENCED_BEFORE.map(percent).join(', ')})`,
  );
console.log(
  'Chosen: classifierWeights',
  JSON.stringify(chosen.weights),
  'SPAM_POSSIBLY_THRESHOLD',
  chosen.possiblyThreshold,
);

console.log('\nThe choice in each scored period, by how much the classifier had learnt before it');
console.table(
  scoredPeriods.map(({ before }, period) => {
    const { weights, possiblyThreshold } = chosen;
    const here = outcome(inPeriod(period), weights, possiblyThreshold);
    return {
      period: PERIODS - SCORED_PERIODS + period + 1,
      'spam learnt': before.filter((mail) => mail.kind === 'spam').length,
      'real learnt': before.filter((mail) => mail.kind === 'ham').length,
      'silenced before': percent(SILENCED_BEFORE[period]),
      ...Object.fromEntries(
        Object.entries(row({ weights, possiblyThreshold, ...here })).filter(
          ([key]) =>
            !['real points', 'real below'].includes(key) &&
            (key.startsWith('spam ') || key.startsWith('real ')),
        ),
      ),
    };
  }),
);

console.log('\nThe choice without each kind of token (the classifier trained and judged without it)');
const without = { 'every kind': row(chosen) };
for (const [label, pattern] of Object.entries(TOKEN_KINDS))
  without[`no ${label}`] = row({
    ...chosen,
    ...outcome(
      judgedFolds((token) => !pattern.test(token)),
      chosen.weights,
      chosen.possiblyThreshold,
    ),
  });
console.table(
  Object.fromEntries(
    Object.entries(without).map(([label, entry]) => [
      label,
      Object.fromEntries(
        Object.entries(entry).filter(
          ([key]) => key.includes(' ') && !key.endsWith('at') && key !== 'real below',
        ),
      ),
    ]),
  ),
);

/**
 * Each signal's own contribution: how often it counted, the choice's verdicts without its points, and
 * what the grid chooses without it (a signal the classifier's weighting does better without costs more
 * than it pays).
 */
console.log(
  "\nEach signal other than the classifier: the choice without its points, and the grid's choice without it",
);
const signalsSeen = [
  ...new Set(judged.flatMap((mail) => mail.signals.map((reason) => reason.signal))),
].sort();
console.table(
  Object.fromEntries(
    signalsSeen.map((signal) => {
      const judgedWithout = judgedFolds(undefined, signal);
      const inKind = (kind) =>
        judged.filter((mail) => mail.kind === kind && mail.signals.some((reason) => reason.signal === signal))
          .length;
      const atChoice = outcome(judgedWithout, chosen.weights, chosen.possiblyThreshold);
      const [best] = ruleAbiding(judgedWithout).allowed;
      return [
        `no ${signal}`,
        {
          'in spam': inKind('spam'),
          'in real': inKind('ham'),
          'spam silenced': percent(atChoice.spamSilenced),
          'spam unlabelled': percent(atChoice.spamUnlabelled),
          'real labelled': percent(atChoice.realLabelled),
          'chosen again': best
            ? `${percent(best.spamSilenced)} / ${percent(best.spamUnlabelled)} / ${percent(best.realLabelled)}`
            : 'none keeps to the rule',
        },
      ];
    }),
  ),
);

/**
 * The learning curve on the same periods: the mistakes among the older half of each set in each period
 * (spam not silenced, real mail not "not spam") learnt as an operator's marks teach them, and the newer
 * half judged before and after.
 */
function learningCurve({ weights, possiblyThreshold }) {
  const every = () => true;
  const bands = { ...settings, possiblyThreshold };
  const verdictWith = (mail, model) =>
    verdictOf(
      Math.round((mail.other + classifierPoints(readingOf(mail, model, every), weights)) * 10) / 10,
      false,
      bands,
    );
  const curve = { before: [], after: [], marked: 0 };
  for (const period of scoredPeriods) {
    const model = learnt(period.before, every);
    const mistakes = [];
    const newer = [];
    for (const kind of ['spam', 'ham']) {
      const stream = period.scored.filter((mail) => mail.kind === kind);
      const half = Math.floor(stream.length / 2);
      for (const mail of stream.slice(0, half))
        if (verdictWith(mail, model) !== (kind === 'spam' ? 'spam' : 'not-spam')) mistakes.push(mail);
      newer.push(...stream.slice(half));
    }
    const marks = mistakes.map((mail) => ({ kind: mail.kind, tokens: mail.formTokens, weight: MARK_WEIGHT }));
    const taught = learnt([...period.before, ...marks], every);
    curve.marked += mistakes.length;
    for (const mail of newer) {
      curve.before.push({ kind: mail.kind, verdict: verdictWith(mail, model) });
      curve.after.push({ kind: mail.kind, verdict: verdictWith(mail, taught) });
    }
  }
  return curve;
}

const curve = learningCurve(chosen);
const shareOf = (list, kind, verdict) => {
  const ofKind = list.filter((entry) => entry.kind === kind);
  return percent(ofKind.filter((entry) => entry.verdict === verdict).length / ofKind.length);
};
console.log(
  `\nThe learning curve on the same periods: ${curve.marked} mistakes among the older half of each set marked, the newer half (${curve.before.filter((entry) => entry.kind === 'spam').length} spam, ${curve.before.filter((entry) => entry.kind === 'ham').length} real) judged again`,
);
console.table(
  Object.fromEntries(
    Object.entries({ 'before the marks': curve.before, 'after the marks': curve.after }).map(
      ([label, list]) => [
        label,
        {
          'spam silenced': shareOf(list, 'spam', 'spam'),
          'spam unlabelled': shareOf(list, 'spam', 'not-spam'),
          'real labelled': shareOf(list, 'ham', 'possibly-spam'),
          'real silenced': shareOf(list, 'ham', 'spam'),
        },
      ],
    ),
  ),
);

/**
 * What the choice misses, to read: the spam it leaves unlabelled and the real mail the classifier reads
 * most like spam, each with its subject, both readings, the other signals' points and its clearest tokens.
 */
const clearestTokens = ({ mail, model }) =>
  mail.formTokens
    .map((token) => ({ token, counts: model.counts.get(token) }))
    .filter(({ counts }) => counts)
    .map(({ token, counts }) => ({ token, p: tokenProbability(counts, model.totals) }))
    .sort((a, b) => Math.abs(b.p - 0.5) - Math.abs(a.p - 0.5))
    .slice(0, 5)
    .map(({ token, p }) => `${token} ${p.toFixed(2)}`)
    .join(', ');
const missRow = (entry) => ({
  period: PERIODS - SCORED_PERIODS + entry.period + 1,
  subject: entry.mail.form.subject.slice(0, 40),
  '150 clearest': percent(entry.reading.probability),
  '25 clearest': percent(entry.reading.clearest),
  'other points': entry.other,
  'clearest tokens': clearestTokens(entry),
});
const verdictAtChoice = (entry) =>
  verdictOf(Math.round((entry.other + classifierPoints(entry.reading, chosen.weights)) * 10) / 10, false, {
    ...settings,
    possiblyThreshold: chosen.possiblyThreshold,
  });
console.log('\nThe spam the choice leaves unlabelled');
console.table(
  judged.filter((entry) => entry.kind === 'spam' && verdictAtChoice(entry) === 'not-spam').map(missRow),
);
console.log('The 10 real mails the classifier reads most like spam, with their verdict');
console.table(
  judged
    .filter((entry) => entry.kind === 'ham')
    .sort((a, b) => b.reading.probability - a.reading.probability)
    .slice(0, 10)
    .map((entry) => ({ ...missRow(entry), verdict: verdictAtChoice(entry) })),
);
