export { apiErrorCodes, type ApiErrorCode } from './api-errors.js';
export {
  CONTACT_API_PATH,
  SECURE_XSRF_COOKIE,
  SITE_KEY_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
  XSRF_TOKEN_PATH,
} from './api.js';
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
export {
  ADMIN_API_PREFIX,
  ADMIN_BACKGROUND_HEADER,
  ADMIN_CSRF_HEADER,
  ADMIN_LINK_COOKIE,
  ADMIN_SESSION_COOKIE,
  ADMIN_SIGN_IN_PAGE_PATH,
  adminApiPaths,
  adminPages,
  inboxMessagePath,
  SECURE_ADMIN_LINK_COOKIE,
  SECURE_ADMIN_SESSION_COOKIE,
} from './admin-api.js';
export * from './admin-conversations.js';
export * from './admin-messages.js';
export * from './admin-operators.js';
export * from './admin-records.js';
export * from './public-answers.js';
export * from './spam-verdict.js';
export * from './webhooks.js';
export {
  defaultLanguage,
  isLanguage,
  type Language,
  languageOfPath,
  languagePrefix,
  languages,
  localizedPath,
} from './languages.js';
