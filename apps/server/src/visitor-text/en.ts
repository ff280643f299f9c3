/**
 * What a visitor reads from the server itself, in English: the pages of a form sent without JavaScript,
 * of the confirmation and unsubscribe links, the confirmation and acknowledgement mails, and the line
 * that introduces their own message quoted under an operator's reply. Arguments named `html` are
 * already escaped; the rest is plain text the page escapes. Nothing the visitor typed is echoed in a mail
 * the form sets off, not even the name (a form must not become a way to mail someone a text of one's
 * choosing); only an operator's reply, which a person wrote and chose to send, quotes the message.
 */
const inDays = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

export const en = {
  homePage: (siteName: string) => `${siteName} home page`,
  form: {
    notSent: 'Your message was not sent',
    correct: (count: number) =>
      `Please correct ${count === 1 ? 'this field' : 'these fields'} and send it again:`,
    backToForm: "Your browser's Back button returns to the form with everything you typed. Or",
    openFormAgain: 'open the form again',
    unreadable: 'It did not reach us complete. Please send it again.',
    tooLongTitle: 'Your message is too long',
    tooLong: (mailHtml: string) => `Please shorten it and send it again, or write to us at ${mailHtml}.`,
    waitTitle: 'Please wait a moment',
    wait: (duration: string) =>
      `We have received several messages from your connection in a short time. Please send this one again in ${duration}.`,
    forbidden: (mailHtml: string) =>
      `For your safety we only take messages sent from the form on our own site. Please open the form on our site and send it from there, or write to us at ${mailHtml}.`,
    unavailableTitle: 'Your message could not be stored',
    unavailable: (mailHtml: string) =>
      `Something went wrong on our side and your message was not saved. Please send it again in a minute, or write to us at ${mailHtml}.`,
  },
  confirm: {
    title: 'Confirm your subscription',
    question: (siteHtml: string, emailHtml: string) =>
      `Send news and offers from ${siteHtml} to ${emailHtml}? Every e-mail has a link to unsubscribe.`,
    button: 'Confirm subscription',
    doneTitle: 'Subscription confirmed',
    done: (emailHtml: string) =>
      `We will send news and offers to ${emailHtml}. Every e-mail has a link to unsubscribe.`,
    expiredTitle: 'This confirmation link has expired',
    expired: (consentLabelHtml: string, days: number) =>
      `Nothing was confirmed, and we send you no news or offers. To subscribe, send us a message with the box "${consentLabelHtml}" ticked, and use the link we e-mail you within ${inDays(days)}.`,
    invalidTitle: 'This confirmation link is not valid',
    invalid:
      'The link is incomplete or has been changed, or the subscription was withdrawn or erased since. Nothing was confirmed.',
  },
  unsubscribe: {
    title: 'Unsubscribe from news and offers',
    question: (emailHtml: string) =>
      `Stop sending news and offers to ${emailHtml}? We keep your earlier messages so we can still answer them.`,
    button: 'Unsubscribe',
    doneTitle: 'You are unsubscribed',
    done: (emailHtml: string) => `We will send no more news or offers to ${emailHtml}.`,
    invalidTitle: 'This unsubscribe link is not valid',
    invalid: (mailHtml: string) =>
      `The link is incomplete, has been changed or has expired. To stop our e-mails, write to ${mailHtml} and we will remove you.`,
  },
  confirmationMail: {
    subject: (siteName: string) => `Please confirm: news and offers from ${siteName}`,
    text: (siteName: string, days: number, link: string) => `Hello,

Please confirm that ${siteName} may send you news and offers by e-mail. Open this link and press
the button on the page within ${inDays(days)}:

${link}

If you did not ask for this, ignore this e-mail: without your confirmation we send you no news
or offers.

${siteName}
`,
  },
  acknowledgementMail: {
    subject: (siteName: string, reference: string) =>
      `We have received your message: ${siteName}, reference ${reference}`,
    text: (siteName: string, reference: string, answerBy: string, company: string) => `Hello,

Thank you for contacting ${siteName}. We have received your message and will answer it by
${answerBy}.

Your reference number is ${reference}.
If you would like to add anything, simply reply to this e-mail: your reply joins the same
conversation.

This acknowledgement was sent automatically.

${company}
`,
    answerBy: (weekday: string, date: string, time: string, zone: string) =>
      `${weekday}, ${date} at ${time} (${zone})`,
  },
  replyMail: {
    /** The line above the visitor's message quoted in a reply; `sender` is their name and address. */
    quoteAttribution: (date: string, time: string, sender: string) =>
      `On ${date}, ${time} UTC, ${sender} wrote:`,
  },
};

export type VisitorText = typeof en;
