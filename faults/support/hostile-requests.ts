import fc from 'fast-check';
import { requestBytes } from './http-request-bytes.ts';
import { defectiveRequest } from './request-defects.ts';
import { mutated, mutations } from './request-mutations.ts';
import { validFormRequest, validJsonRequest, type Visitor } from './valid-requests.ts';

/** What the server must do with a request: store its message, refuse it, or either (then say which). */
export type Expectation = 'stored' | 'refused' | 'either';

export type HostileCase = { label: string; expect: Expectation; bytes: Uint8Array };

const valid = (visitor: Visitor) =>
  fc.oneof(
    validJsonRequest(visitor).map((request) => ({ label: 'valid JSON', request })),
    validFormRequest(visitor).map((request) => ({ label: 'valid form post', request })),
  );

/**
 * Requests to the contact API: valid messages full of hostile text (stored); valid ones changed in ways
 * that may or may not spoil them (either); ones with a defect that rules storing out, changed or not,
 * and bytes that are no request at all (refused).
 */
export const hostileCase = (visitor: Visitor): fc.Arbitrary<HostileCase> =>
  fc.oneof(
    {
      weight: 15,
      arbitrary: valid(visitor).map(({ label, request }) => ({
        label,
        expect: 'stored' as const,
        bytes: requestBytes(request),
      })),
    },
    {
      weight: 15,
      arbitrary: fc
        .tuple(
          valid(visitor),
          mutations.filter((changes) => changes.length > 0),
        )
        .map(([{ label, request }, changes]) => ({
          label: `${label}, ${changes.map((change) => change.label).join(', ')}`,
          expect: 'either' as const,
          bytes: requestBytes(mutated(request, changes)),
        })),
    },
    {
      weight: 67,
      arbitrary: fc.tuple(defectiveRequest(visitor), mutations).map(([{ label, request }, changes]) => ({
        label: [label, ...changes.map((change) => change.label)].join(', '),
        expect: 'refused' as const,
        bytes: requestBytes(mutated(request, changes)),
      })),
    },
    {
      weight: 3,
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 2000 }).map((bytes) => ({
        label: 'random bytes',
        expect: 'refused' as const,
        bytes,
      })),
    },
  );
