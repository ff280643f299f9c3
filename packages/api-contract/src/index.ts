export * from './constants.js';
export {
  compactFormSubject,
  type ContactErrorTexts,
  contactErrors,
  contactFieldErrors,
  contactFields,
  contactLimits,
  contactMessageSchema,
  type ContactField,
  type ContactMessage,
  type ContactMessageInput,
} from './contact-message.js';
export {
  EMAIL_LOCAL_PART_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  anyEmailAddress,
  emailAddress,
  isAnyMailAddress,
  isPublicEmail,
  isValidEmail,
  normalEmail,
  NOT_AN_EMAIL,
  parseEmailAddress,
} from './email.js';
export { CONTACT_PAGE_PATH, formFieldNames, MESSAGE_SENT_PATH, messageFromFormFields } from './form-post.js';
export * from './admin-analytics.js';
export * from './admin-conversations.js';
export * from './admin-messages.js';
export * from './admin-operators.js';
export * from './admin-records.js';
export * from './sender-history.js';
export * from './admin-reports.js';
export * from './public-answers.js';
export * from './spam-verdict.js';
export * from './webhooks.js';
export * from './admin-routes.js';
