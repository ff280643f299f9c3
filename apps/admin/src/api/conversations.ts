import { adminEndpoints as endpoints } from '@site/api-contract/constants';
import { backgroundRequest, call } from './admin-client.ts';
import { type Grants, grantQuery } from './inbox.ts';

export type {
  Answer,
  Attachment,
  HistoryConversation,
  SenderHistory,
  Note,
  OperatorName,
  PresenceList,
  Reply,
  SavedReply,
  Thread,
  ThreadPage,
} from '@site/api-contract';

/** A message's conversation: replies, notes, assignment and who else is there. */
export const conversations = {
  /**
   * Sends a reply: the reply as stored, for the thread shown. Refused (409 conversation_changed) when
   * someone else answered after `basedOn`.
   */
  reply: async (id: string, text: string, basedOn: number) =>
    (await call(endpoints.sendReply, { id }, { text, basedOn })).reply,
  retryReply: (id: string, seq: number) => call(endpoints.retryReply, { id, seq }, {}),
  note: async (id: string, text: string) => (await call(endpoints.addNote, { id }, { text })).note,
  /** Assigns the message to the operator of this address, or to nobody. */
  assign: (id: string, operator: string | null) => call(endpoints.assign, { id }, { operator }),
  /** Says the operator is viewing or writing; asked on its own, so it keeps no session alive. */
  present: (id: string, activity: 'viewing' | 'replying') =>
    call(endpoints.presence, { id }, { activity }, backgroundRequest),
  /** The page of the thread before a point ("Show earlier"), part of the message's opening. */
  earlier: (id: string, before: string, grants: Grants) =>
    call(endpoints.earlierThread, { id }, grantQuery(grants, { before })),
  /** The earlier conversations of the sender and of its company domain; the server audits the reading. */
  senderHistory: (id: string) => call(endpoints.senderHistory, { id }),
  /** The thread's version, which changes with anything the open message shows; keeps no session alive. */
  version: (id: string) => call(endpoints.threadVersion, { id }, undefined, backgroundRequest),
};

export const savedReplies = {
  list: async () => (await call(endpoints.savedReplies, {})).savedReplies,
  add: (name: string, text: string) => call(endpoints.addSavedReply, {}, { name, text }),
  change: (seq: number, name: string, text: string) =>
    call(endpoints.changeSavedReply, { seq }, { name, text }),
  remove: (seq: number) => call(endpoints.removeSavedReply, { seq }, {}),
};

/** The name visitors see on the operator's replies. */
export const setOwnName = (name: string) => call(endpoints.setOperatorName, {}, { name });
