// The messages bench:inbox stores: the same on every run (mulberry32 from a fixed seed), as the
// repository takes them. About 90 % caught by the honeypot, as real forms see; among the real ones
// COMMON_WORD in 3 % and RARE_WORD in 1 in 10,000; SPAM_WORD only in spam.

export const COMMON_WORD = 'warranty';
export const RARE_WORD = 'escrow';
export const SPAM_WORD = 'backlinks';
export const SPAM_SHARE = 0.9;
/** The partner sites besides the built site's own key, and the share of the messages each gets. */
export const partnerSites = [
  ['partner-north', 0.1],
  ['partner-south', 0.02],
];

let seed = 20_260_101;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = (list) => list[Math.floor(random() * list.length)];

const firstNames = [
  'Anna',
  'Lukas',
  'Sofia',
  'Mateo',
  'Emma',
  'Noah',
  'Olivia',
  'Liam',
  'Mia',
  'Elias',
  'Zoë',
  'Jonas',
  'Chloé',
  'Hugo',
  'Léa',
  'Aarav',
  'Priya',
  'Wei',
  'Yuki',
  'Kenji',
  'Fatima',
  'Omar',
  'Ingrid',
  'Sven',
  'Małgorzata',
  'Piotr',
  'Giulia',
  'Marco',
  'Siobhan',
  'Niamh',
  'José',
  'Lucía',
  'Ava',
  'Ethan',
  'Ayşe',
  'Γιώργος',
  'Ελένη',
];
const lastNames = [
  'Müller',
  'Schmidt',
  'García',
  'Rossi',
  'Dubois',
  'Martin',
  'Smith',
  'Johnson',
  'Nowak',
  'Kowalski',
  "O'Brien",
  'Murphy',
  'Tanaka',
  'Sato',
  'Chen',
  'Wang',
  'Patel',
  'Sharma',
  'Haddad',
  'Yılmaz',
  'Andersson',
  'Johansson',
  'van der Berg',
  'De Vries',
  'Fernández',
  'López',
  'Novák',
  'Brown',
  'Lee',
  'Παπαδόπουλος',
];
const domains = [
  'gmail.com',
  'outlook.com',
  'yahoo.co.uk',
  'web.de',
  'gmx.net',
  'orange.fr',
  'icloud.com',
  'proton.me',
  'acme-industries.com',
  'northwind.example',
  'contoso.example',
  'fabrikam.example',
];
const subjects = [
  'Pricing for a small team',
  'Question about your services',
  'Request for a quote',
  'Partnership',
  'Project enquiry',
  'Follow-up on our call',
  'Support request',
  'Invoice question',
  'Job application',
  'Website redesign',
  'Mobile app development',
  'Consulting availability',
  'Meeting next week?',
  'Feedback on the demo',
  'Data migration',
  'Accessibility audit',
  'Hosting and maintenance',
  'Newsletter',
  'Speaking at our event',
  'Cancel my subscription',
];
const sentences = [
  'We are a team of twelve based in Lyon and are looking for help with our customer portal.',
  'Could you send me an estimate for the work described below?',
  'Our current website is slow on phones and we would like to rebuild it this spring.',
  'I found you through a colleague who was very happy with your work last year.',
  'We need the project to be finished before the end of the quarter if at all possible.',
  'Is it possible to schedule a call on Tuesday or Thursday afternoon?',
  'The budget is not fixed yet, but we want to understand the options first.',
  'Please let me know which information you need from us to get started.',
  'We have an existing design system and a small in-house team of developers.',
  'Our app has about 40,000 monthly users, mostly in Germany and Austria.',
  'I tried to pay the last invoice but the bank transfer was returned.',
  'Thank you for the quick answer last time, it helped us a lot.',
  'We would also like to discuss hosting and ongoing maintenance.',
  'Attached you will find a short brief (I can send the full document by mail).',
  'Do you have experience with healthcare clients and their data protection rules?',
  'Could you tell me more about how you usually run a discovery workshop?',
  'Θα θέλαμε μια προσφορά για την ανανέωση της ιστοσελίδας μας.',
  'Nous aimerions un devis pour la refonte de notre site, si possible avant l’été.',
];
const commonSentence = `Does the ${COMMON_WORD} cover the work you delivered last year, or is that billed separately?`;
const rareSentence = `The payment would go through an ${RARE_WORD} account until the handover.`;
const spamSubjects = [
  'Grow your business today',
  'Exclusive offer for your website',
  'Your site is losing customers',
  'Partnership proposal (urgent)',
  'Re: your invoice',
];
const spamSentences = [
  `Cheap SEO ${SPAM_WORD}!!! Rank #1 on Google in 7 days, guaranteed.`,
  'Congratulations, you have been selected for an exclusive crypto investment opportunity.',
  'Buy followers and likes at the best price, limited offer, click the link below.',
  'We noticed your website is not on the first page of search results.',
  'Reply YES to receive our price list and a free audit worth $499.',
  'Our AI writes 500 articles a month for your blog at a fraction of the cost.',
  'Dear sir/madam, I am contacting you regarding a business proposal of mutual benefit.',
  'Unsubscribe by replying STOP. This is not spam.',
];
const agents = ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1)'];

function siteOf(ownSiteKey) {
  let draw = random();
  for (const [key, share] of partnerSites) {
    if (draw < share) return key;
    draw -= share;
  }
  return ownSiteKey;
}

/**
 * The next message as the repository stores it, received at `receivedAt` (ms) with id `id`; and
 * whether it mentions COMMON_WORD or RARE_WORD.
 */
export function sampleMessage(ownSiteKey, id, receivedAt, spamShare = SPAM_SHARE) {
  const first = pick(firstNames);
  const last = pick(lastNames);
  const local = `${first}.${last}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  const spam = random() < spamShare;
  const common = !spam && random() < 0.03;
  const rare = !spam && random() < 0.0001;
  const parts = [];
  if (spam) parts.push(pick(spamSentences), pick(spamSentences), pick(spamSentences));
  else {
    parts.push('Hello,');
    const count = 2 + Math.floor(random() * 5);
    for (let i = 0; i < count; i++) parts.push(pick(sentences));
    if (common) parts.splice(1 + Math.floor(random() * count), 0, commonSentence);
    if (rare) parts.splice(1 + Math.floor(random() * count), 0, rareSentence);
    parts.push(`Best regards,\n${first} ${last}`);
  }
  const time = new Date(receivedAt).toISOString();
  const marketing = !spam && random() < 0.1;
  return {
    common,
    rare,
    message: {
      id,
      name: `${first} ${last}`,
      email: `${local || 'visitor'}${random() < 0.3 ? Math.floor(random() * 100) : ''}@${pick(domains)}`,
      subject: spam ? pick(spamSubjects) : pick(subjects),
      message: parts.join(spam ? ' ' : '\n'),
      marketing_consent: marketing ? 1 : 0,
      consent_at: marketing ? time : null,
      site_key: siteOf(ownSiteKey),
      ip: `${spam ? '198.51.100' : '203.0.113'}.${Math.floor(random() * 256)}`,
      user_agent: pick(agents),
      received_at: time,
      spam: spam ? 1 : 0,
      spam_verdict: spam ? 'spam' : 'not-spam',
    },
  };
}
