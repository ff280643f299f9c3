import type { Actor } from '../audit/audit-log.js';

/** An operator acting in the inbox: replies, notes and presence need one (the command line is none). */
export const operatorOf = (actor: Actor) => {
  if (actor.operatorId === null) throw new Error('a conversation needs an operator');
  return actor.operatorId;
};
