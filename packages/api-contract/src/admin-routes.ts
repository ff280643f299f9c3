import type { z } from 'zod';
import { analyticsQuery, analyticsReport } from './admin-analytics.js';
import {
  assignBody,
  attachmentQuery,
  noteAdded,
  noteBody,
  presenceBody,
  presenceList,
  replyBody,
  replyRefused,
  replySeqParams,
  replySent,
  savedReplyAdded,
  savedReplyBody,
  savedReplyList,
  seqParams,
  threadPage,
  threadPageQuery,
  threadUpdatesQuery,
  threadVersion,
  operatorNameBody,
} from './admin-conversations.js';
import { type AdminEndpointName, adminEndpoints, type PathParams } from './admin-endpoints.js';
import {
  auditPageQuery,
  messageExportQuery,
  messageIdParams,
  messageListQuery,
  messagePage,
  messageUpdates,
  openedMessage,
  retriedMails,
  revealedText,
  spamBody,
  statusBody,
} from './admin-messages.js';
import {
  authenticationBody,
  emailBody,
  emptyBody,
  linkClaimed,
  linkRequested,
  operatorInvited,
  operatorList,
  operatorRevoked,
  passkeyBody,
  passkeyList,
  passkeyNameBody,
  passkeyRemoved,
  registrationBody,
  session,
  tokenBody,
  webauthnOptions,
} from './admin-operators.js';
import {
  auditPage,
  download,
  fileDownload,
  inboxSettings,
  subjectBody,
  subjectErased,
  subjectOptedOut,
  subjectRestricted,
} from './admin-records.js';
import { report, reportQuery } from './admin-reports.js';
import { noContent } from './public-answers.js';
import { senderHistory } from './sender-history.js';
import {
  webhookDeliveryList,
  webhookDeliveryQuery,
  webhookEndpointBody,
  webhookEndpointList,
  webhookEndpointParams,
  webhookEndpointWithSecret,
  webhookResendBody,
  webhookResent,
} from './webhooks.js';

/** A route's schemas, as Fastify takes them: what comes in, and each answer by status. */
export type AdminRouteSchema = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Record<number, z.ZodType>;
};

/** Each endpoint of adminEndpoints with its schemas: the server registers its routes from here. */
const schemas = {
  requestSignInLink: { body: emailBody, response: { 202: linkRequested } },
  claimSignInLink: { body: tokenBody, response: { 200: linkClaimed } },
  signInLinkOptions: { body: emptyBody, response: { 200: webauthnOptions } },
  registerPasskey: { body: registrationBody, response: { 200: session } },
  passkeyOptions: { body: emptyBody, response: { 200: webauthnOptions } },
  signInWithPasskey: { body: authenticationBody, response: { 200: session } },

  session: { response: { 200: session } },
  signOut: { body: emptyBody, response: { 204: noContent } },
  operators: { response: { 200: operatorList } },
  inviteOperator: { body: emailBody, response: { 202: operatorInvited } },
  revokeOperator: { body: emailBody, response: { 200: operatorRevoked } },

  passkeys: { response: { 200: passkeyList } },
  renamePasskey: { body: passkeyNameBody, response: { 204: noContent } },
  removePasskey: { body: passkeyBody, response: { 200: passkeyRemoved } },
  setOperatorName: { body: operatorNameBody, response: { 204: noContent } },

  messages: { querystring: messageListQuery, response: { 200: messagePage } },
  exportMessages: { querystring: messageExportQuery, response: { 200: download } },
  openMessage: { params: messageIdParams, response: { 200: openedMessage } },
  messageUpdates: {
    params: messageIdParams,
    querystring: threadUpdatesQuery,
    response: { 200: messageUpdates },
  },
  markRead: { params: messageIdParams, body: emptyBody, response: { 204: noContent } },
  revealMessage: { params: messageIdParams, body: emptyBody, response: { 200: revealedText } },
  setStatus: { params: messageIdParams, body: statusBody, response: { 204: noContent } },
  markSpam: { params: messageIdParams, body: spamBody, response: { 204: noContent } },
  retryMails: { params: messageIdParams, body: emptyBody, response: { 200: retriedMails } },

  sendReply: { params: messageIdParams, body: replyBody, response: { 201: replySent, 409: replyRefused } },
  retryReply: { params: replySeqParams, body: emptyBody, response: { 204: noContent } },
  addNote: { params: messageIdParams, body: noteBody, response: { 201: noteAdded } },
  assign: { params: messageIdParams, body: assignBody, response: { 204: noContent } },
  presence: { params: messageIdParams, body: presenceBody, response: { 200: presenceList } },
  threadVersion: { params: messageIdParams, response: { 200: threadVersion } },
  earlierThread: { params: messageIdParams, querystring: threadPageQuery, response: { 200: threadPage } },
  senderHistory: { params: messageIdParams, response: { 200: senderHistory } },
  attachment: { params: seqParams, querystring: attachmentQuery, response: { 200: fileDownload } },

  savedReplies: { response: { 200: savedReplyList } },
  addSavedReply: { body: savedReplyBody, response: { 201: savedReplyAdded } },
  changeSavedReply: { params: seqParams, body: savedReplyBody, response: { 204: noContent } },
  removeSavedReply: { params: seqParams, body: emptyBody, response: { 204: noContent } },

  audit: { querystring: auditPageQuery, response: { 200: auditPage } },
  settings: { response: { 200: inboxSettings } },
  analytics: { querystring: analyticsQuery, response: { 200: analyticsReport } },
  reports: { querystring: reportQuery, response: { 200: report } },
  exportReport: { querystring: reportQuery, response: { 200: download } },

  subjectAccess: { body: subjectBody, response: { 200: download } },
  eraseSubject: { body: subjectBody, response: { 200: subjectErased } },
  restrictSubject: { body: subjectBody, response: { 200: subjectRestricted } },
  optOutSubject: { body: subjectBody, response: { 200: subjectOptedOut } },

  webhooks: { response: { 200: webhookEndpointList } },
  addWebhook: { body: webhookEndpointBody, response: { 201: webhookEndpointWithSecret } },
  changeWebhook: { params: webhookEndpointParams, body: webhookEndpointBody, response: { 204: noContent } },
  removeWebhook: { params: webhookEndpointParams, body: emptyBody, response: { 204: noContent } },
  rotateWebhookSecret: {
    params: webhookEndpointParams,
    body: emptyBody,
    response: { 200: webhookEndpointWithSecret },
  },
  webhookDeliveries: { querystring: webhookDeliveryQuery, response: { 200: webhookDeliveryList } },
  resendWebhookDeliveries: { body: webhookResendBody, response: { 200: webhookResent } },
} as const satisfies Record<AdminEndpointName, AdminRouteSchema>;

type Schemas = typeof schemas;

/** An endpoint of the operators' API with its schemas: method, path, and `schema` as Fastify takes it. */
export type AdminRoute<Name extends AdminEndpointName = AdminEndpointName> = (typeof adminEndpoints)[Name] & {
  schema: Schemas[Name];
};

/** The route table: every endpoint of adminEndpoints, with its schemas. */
export const adminRoutes = Object.fromEntries(
  Object.entries(adminEndpoints).map(([name, endpoint]) => [
    name,
    { ...endpoint, schema: schemas[name as AdminEndpointName] },
  ]),
) as { [Name in AdminEndpointName]: AdminRoute<Name> };

/** The name of the endpoint an entry of adminEndpoints is. */
export type EndpointNameOf<Endpoint> = {
  [Name in AdminEndpointName]: (typeof adminEndpoints)[Name] extends Endpoint ? Name : never;
}[AdminEndpointName];

type SuccessStatus = 200 | 201 | 202 | 204;
type SchemaOf<Endpoint> = Schemas[EndpointNameOf<Endpoint>];

/** What an endpoint answers when it worked: its 2xx answer's type (undefined for 204). */
export type AdminAnswer<Endpoint> = z.output<
  SchemaOf<Endpoint>['response'][Extract<keyof SchemaOf<Endpoint>['response'], SuccessStatus>]
>;

/** What an endpoint takes: its body's type for a POST, its query's for a GET (none: never). */
export type AdminInput<Endpoint> =
  SchemaOf<Endpoint> extends { body: z.ZodType }
    ? z.input<SchemaOf<Endpoint>['body']>
    : SchemaOf<Endpoint> extends { querystring: z.ZodType }
      ? { [Key in keyof z.input<SchemaOf<Endpoint>['querystring']>]?: string | number | boolean }
      : never;

/** The values an endpoint's path takes. */
export type AdminParams<Endpoint extends { path: string }> = PathParams<Endpoint['path']>;
