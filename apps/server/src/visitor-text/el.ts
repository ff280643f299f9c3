import type { VisitorText } from './en.js';

const inDays = (days: number) => `${days} ${days === 1 ? 'ημέρα' : 'ημέρες'}`;

/** «τη Δευτέρα», «το Σάββατο», «την Τρίτη»: the article follows the day's gender and first letter. */
const weekdayWithArticle = (weekday: string) =>
  `${weekday === 'Σάββατο' ? 'το' : weekday === 'Δευτέρα' ? 'τη' : 'την'} ${weekday}`;

/** What a visitor reads from the server itself, in Greek (see en.ts). */
export const el: VisitorText = {
  homePage: (siteName: string) => `Αρχική σελίδα της ${siteName}`,
  form: {
    notSent: 'Το μήνυμά σας δεν στάλθηκε',
    correct: (count: number) =>
      `Παρακαλούμε διορθώστε ${count === 1 ? 'αυτό το πεδίο' : 'αυτά τα πεδία'} και στείλτε ξανά το μήνυμα:`,
    backToForm: 'Με το κουμπί «Πίσω» του προγράμματος περιήγησης επιστρέφετε στη φόρμα με όσα γράψατε. Ή',
    openFormAgain: 'ανοίξτε ξανά τη φόρμα',
    unreadable: 'Το μήνυμα δεν μας έφτασε ολόκληρο. Παρακαλούμε στείλτε το ξανά.',
    tooLongTitle: 'Το μήνυμά σας είναι πολύ μεγάλο',
    tooLong: (mailHtml: string) =>
      `Παρακαλούμε συντομεύστε το και στείλτε το ξανά ή γράψτε μας στο ${mailHtml}.`,
    waitTitle: 'Παρακαλούμε περιμένετε λίγο',
    wait: (duration: string) =>
      `Λάβαμε αρκετά μηνύματα από τη σύνδεσή σας σε σύντομο χρόνο. Παρακαλούμε στείλτε το ξανά σε ${duration}.`,
    forbidden: (mailHtml: string) =>
      `Για την ασφάλειά σας δεχόμαστε μόνο μηνύματα από τη φόρμα του δικού μας ιστοτόπου. Παρακαλούμε ανοίξτε τη φόρμα στον ιστότοπό μας και στείλτε το από εκεί ή γράψτε μας στο ${mailHtml}.`,
    unavailableTitle: 'Δεν ήταν δυνατή η αποθήκευση του μηνύματός σας',
    unavailable: (mailHtml: string) =>
      `Κάτι πήγε στραβά από τη δική μας πλευρά και το μήνυμά σας δεν αποθηκεύτηκε. Παρακαλούμε στείλτε το ξανά σε ένα λεπτό ή γράψτε μας στο ${mailHtml}.`,
  },
  confirm: {
    title: 'Επιβεβαιώστε την εγγραφή σας',
    question: (siteHtml: string, emailHtml: string) =>
      `Να στέλνει η ${siteHtml} νέα και προσφορές στο ${emailHtml}; Κάθε e-mail έχει σύνδεσμο απεγγραφής.`,
    button: 'Επιβεβαίωση εγγραφής',
    doneTitle: 'Η εγγραφή επιβεβαιώθηκε',
    done: (emailHtml: string) =>
      `Θα στέλνουμε νέα και προσφορές στο ${emailHtml}. Κάθε e-mail έχει σύνδεσμο απεγγραφής.`,
    expiredTitle: 'Αυτός ο σύνδεσμος επιβεβαίωσης έχει λήξει',
    expired: (consentLabelHtml: string, days: number) =>
      `Δεν επιβεβαιώθηκε τίποτα και δεν σας στέλνουμε νέα ή προσφορές. Για να εγγραφείτε, στείλτε μας ένα μήνυμα με επιλεγμένο το πλαίσιο «${consentLabelHtml}» και χρησιμοποιήστε μέσα σε ${inDays(days)} τον σύνδεσμο που θα σας στείλουμε με e-mail.`,
    invalidTitle: 'Αυτός ο σύνδεσμος επιβεβαίωσης δεν είναι έγκυρος',
    invalid:
      'Ο σύνδεσμος είναι ελλιπής ή έχει αλλοιωθεί, ή η εγγραφή ανακλήθηκε ή διαγράφηκε στο μεταξύ. Δεν επιβεβαιώθηκε τίποτα.',
  },
  unsubscribe: {
    title: 'Απεγγραφή από τα νέα και τις προσφορές',
    question: (emailHtml: string) =>
      `Να σταματήσουμε να στέλνουμε νέα και προσφορές στο ${emailHtml}; Κρατάμε τα προηγούμενα μηνύματά σας, ώστε να μπορούμε ακόμη να σας απαντήσουμε σε αυτά.`,
    button: 'Απεγγραφή',
    doneTitle: 'Η απεγγραφή σας ολοκληρώθηκε',
    done: (emailHtml: string) => `Δεν θα στέλνουμε πλέον νέα ή προσφορές στο ${emailHtml}.`,
    invalidTitle: 'Αυτός ο σύνδεσμος απεγγραφής δεν είναι έγκυρος',
    invalid: (mailHtml: string) =>
      `Ο σύνδεσμος είναι ελλιπής, έχει αλλοιωθεί ή έχει λήξει. Για να σταματήσουν τα e-mail μας, γράψτε στο ${mailHtml} και θα αφαιρέσουμε τη διεύθυνσή σας από τη λίστα.`,
  },
  confirmationMail: {
    subject: (siteName: string) => `Παρακαλούμε επιβεβαιώστε: νέα και προσφορές από την ${siteName}`,
    text: (siteName: string, days: number, link: string) => `Γεια σας,

Παρακαλούμε επιβεβαιώστε ότι η ${siteName} μπορεί να σας στέλνει νέα και προσφορές με e-mail.
Ανοίξτε αυτόν τον σύνδεσμο και πατήστε το κουμπί της σελίδας μέσα σε ${inDays(days)}:

${link}

Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το e-mail: χωρίς την επιβεβαίωσή σας δεν σας στέλνουμε
νέα ή προσφορές.

${siteName}
`,
  },
  acknowledgementMail: {
    subject: (siteName: string, reference: string) =>
      `Λάβαμε το μήνυμά σας: ${siteName}, αριθμός αναφοράς ${reference}`,
    text: (siteName: string, reference: string, answerBy: string, company: string) => `Γεια σας,

Σας ευχαριστούμε που επικοινωνήσατε με την ${siteName}. Λάβαμε το μήνυμά σας και θα σας
απαντήσουμε έως ${answerBy}.

Ο αριθμός αναφοράς σας είναι ${reference}.
Αν θέλετε να προσθέσετε κάτι, απαντήστε απλώς σε αυτό το e-mail: η απάντησή σας θα προστεθεί
στην ίδια συνομιλία.

Η επιβεβαίωση αυτή στάλθηκε αυτόματα.

${company}
`,
    answerBy: (weekday: string, date: string, time: string, zone: string) =>
      `${weekdayWithArticle(weekday)} ${date}, στις ${time} (${zone.charAt(0).toLocaleLowerCase('el')}${zone.slice(1)})`,
  },
  replyMail: {
    quoteAttribution: (date: string, time: string, sender: string) =>
      `Στις ${date}, ${time} UTC, ο/η ${sender} έγραψε:`,
  },
};
