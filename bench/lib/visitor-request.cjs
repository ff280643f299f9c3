/* global module */
// A page request from one of 1,000 visitors' addresses in turn (through the trusted proxy header), for
// autocannon's `setupRequest`: a file, so the page load can run in a worker thread of its own.
let visitorNumber = 0;
module.exports = (request) => ({
  ...request,
  headers: {
    ...request.headers,
    'x-forwarded-for': `10.9.${(visitorNumber >> 8) & 3}.${visitorNumber++ & 255}`,
  },
});
