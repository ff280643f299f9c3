export {
  compactFormSubject,
  contactErrors,
  contactLimits,
  contactMessageSchema,
  type ContactField,
  type ContactMessage,
  type ContactMessageInput,
} from './contact-message.js';
export { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH, isValidEmail } from './email.js';
export { CONTACT_API_PATH, formFieldNames, MESSAGE_SENT_PATH, messageFromFormFields } from './form-post.js';
