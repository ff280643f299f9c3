// The contact messages the tests, fault tests and benchmarks send. Node runs this file as it is (type
// stripping) for the benchmarks, so it holds only erasable TypeScript.

/** A message the contact schema accepts, as a visitor writes one; spread it and override a field to vary it. */
export const sampleMessage = Object.freeze({
  name: 'Jane Doe',
  email: 'jane@example.com',
  subject: 'Pricing',
  message: 'Hello there',
});

/** The n-th of many valid messages, each from an address of its own. */
export const numberedMessage = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor-${n}@example.com`,
  subject: 'Pricing',
  message: `Hello, message number ${n}.`,
});
