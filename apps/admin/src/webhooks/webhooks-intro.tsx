/** What webhooks are for and how a receiver trusts them, in a few lines (links only: nothing is loaded). */
export function WebhooksIntro() {
  return (
    <div className="webhooks-intro">
      <p>
        When a message arrives, or an operator’s reply is sent to the visitor, the server posts an event about
        it, as JSON, to each endpoint below that asks for it: the company’s CRM, or any system of its own.
      </p>
      <p>
        Every delivery is signed as the{' '}
        <a href="https://www.standardwebhooks.com/" rel="noreferrer">
          Standard Webhooks specification
        </a>{' '}
        describes (the headers <code>webhook-id</code>, <code>webhook-timestamp</code> and{' '}
        <code>webhook-signature</code>). The receiver verifies it with the endpoint’s secret, for example with
        the{' '}
        <a href="https://github.com/standard-webhooks/standard-webhooks" rel="noreferrer">
          <code>standardwebhooks</code> package
        </a>
        , and ignores a <code>webhook-id</code> it has already taken. A delivery that fails is tried again,
        waiting longer each time, for about a day; then it is marked failed and can be sent again from the
        log.
      </p>
    </div>
  );
}
