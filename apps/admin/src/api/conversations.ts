import { adminApiPaths } from '@site/api-contract/constants';
import type { Note, PresenceList, Reply, SavedReply, ThreadPage, ThreadVersion } from '@site/api-contract';
import { backgroundRequest, getJson, postJson } from './admin-client.ts';
import { type Grants, grantQuery } from './inbox.ts';

export type {
  Answer,
  Attachment,
  Note,
  OperatorName,
  PresenceList,
  Reply,
  SavedReply,
  Thread,
  ThreadPage,
} from '@site/api-contract';

const of = (id: string) => `${adminApiPaths.messages}/${id}`;

/** A message's conversation: replies, notes, assignment and who else is there. */
export const conversations = {
  /** Sends a reply; refused (409 conversation_changed) when someone else answered after `basedOn`. */
  reply: (id: string, text: string, basedOn: number) =>
    postJson<{ reply: Reply }>(`${of(id)}/replies`, { text, basedOn }),
  retryReply: (id: string, seq: number) => postJson<void>(`${of(id)}/replies/${seq}/retry`),
  note: (id: string, text: string) => postJson<{ note: Note }>(`${of(id)}/notes`, { text }),
  /** Assigns the message to the operator of this address, or to nobody. */
  assign: (id: string, operator: string | null) => postJson<void>(`${of(id)}/assign`, { operator }),
  /** Says the operator is viewing or writing; asked on its own, so it keeps no session alive. */
  present: (id: string, activity: 'viewing' | 'replying') =>
    postJson<PresenceList>(`${of(id)}/presence`, { activity }, backgroundRequest),
  /** The page of the thread before a point ("Show earlier"), part of the message's opening. */
  earlier: (id: string, before: string, grants: Grants) =>
    getJson<ThreadPage>(`${of(id)}/thread?${grantQuery(grants, { before })}`),
  /** The thread's version, which changes with anything the open message shows; keeps no session alive. */
  version: (id: string) => getJson<ThreadVersion>(`${of(id)}/version`, backgroundRequest),
};

export const savedReplies = {
  list: async () => (await getJson<{ savedReplies: SavedReply[] }>(adminApiPaths.savedReplies)).savedReplies,
  add: (name: string, text: string) =>
    postJson<{ savedReply: SavedReply }>(adminApiPaths.savedReplies, { name, text }),
  change: (seq: number, name: string, text: string) =>
    postJson<void>(`${adminApiPaths.savedReplies}/${seq}`, { name, text }),
  remove: (seq: number) => postJson<void>(`${adminApiPaths.savedReplies}/${seq}/delete`),
};

/** The name visitors see on the operator's replies. */
export const setOwnName = (name: string) => postJson<void>(adminApiPaths.operatorName, { name });
