/** The `error` code of every error answer of the API (`{ error, message }`), with its status. */
export const apiErrorCodes = {
  /** 400: the body is empty or not JSON. */
  invalidJson: 'invalid_json',
  /** 400, with `fields`: the JSON is not a valid message. */
  invalidMessage: 'invalid_message',
  /** 400: a URL that cannot be decoded. */
  invalidUrl: 'invalid_url',
  /** 400: any other request the server cannot read. */
  badRequest: 'bad_request',
  /** 400: the token of an unsubscribe link is malformed or not signed by this server. */
  invalidToken: 'invalid_token',
  /** 401: no valid operator session (missing, expired, signed out or revoked). */
  signInRequired: 'sign_in_required',
  /** 400: a sign-in link that is unknown, expired or already used. */
  invalidSignInLink: 'invalid_sign_in_link',
  /** 400: the passkey response did not verify (wrong challenge, origin, signature or unknown passkey). */
  passkeyRejected: 'passkey_rejected',
  /** 403: the operator CSRF header does not match the session. */
  csrfFailed: 'csrf_failed',
  /** 404: no operator with this address. */
  unknownOperator: 'unknown_operator',
  /** 404: the signed-in operator has no passkey with this id. */
  unknownPasskey: 'unknown_passkey',
  /** 401: the site key header is missing or not a known site key. */
  invalidSiteKey: 'invalid_site_key',
  /** 403: the XSRF header does not repeat a cookie this server signed. */
  xsrfFailed: 'xsrf_failed',
  /** 403: another origin, not on the allow-list. */
  originNotAllowed: 'origin_not_allowed',
  /** 404: no API route at this path. */
  notFound: 'not_found',
  /** 408: the request took too long to arrive. */
  requestTimeout: 'request_timeout',
  /** 413: the body is over the limit. */
  payloadTooLarge: 'payload_too_large',
  /** 415: neither JSON nor a plain form post. */
  unsupportedMediaType: 'unsupported_media_type',
  /** 429, with Retry-After: the address has sent too many messages. */
  tooManyRequests: 'too_many_requests',
  /** 431: the request headers are too large. */
  headersTooLarge: 'headers_too_large',
  /**
   * 409, with `reply`: someone else answered the message after the operator opened it; their reply is
   * shown and nothing was sent.
   */
  conversationChanged: 'conversation_changed',
  /**
   * 403: a read of a message's thread without the grant of this session's opening of it (each opening is
   * audited; what the open message reads later is part of it).
   */
  openRequired: 'open_required',
  /** 403: a file of a restricted person's conversation, asked for without the grant of a reveal. */
  revealRequired: 'reveal_required',
  /** 409: the person restricted the processing of their data; the message can only be kept. */
  processingRestricted: 'processing_restricted',
  /**
   * 409: the message's address is one the contact form would refuse (an address literal, an internal
   * name, a quoted local part ...): it is not answered by mail, which could go to the company's own network.
   */
  addressNotMailable: 'address_not_mailable',
  /** 409: a saved reply of this name exists already. */
  nameTaken: 'name_taken',
  /** 400: a webhook URL the server will not post to (not https, credentials, a private address...). */
  webhookUrlRefused: 'webhook_url_refused',
  /** 409: the endpoint comes from the settings (WEBHOOK_URL): it is changed there. */
  endpointFromSettings: 'endpoint_from_settings',
  /** 404: no such reply, note or saved reply. */
  unknownItem: 'unknown_item',
  /** 500: anything unexpected, without detail. */
  internalError: 'internal_error',
  /** 503: the operator was invited, but the mail server did not take the sign-in link. */
  mailUnavailable: 'mail_unavailable',
  /**
   * 503: an erasure deleted the rows, but another process kept SQLite's write-ahead log busy, so it may
   * still hold them: send the request again.
   */
  eraseIncomplete: 'erase_incomplete',
  /** 503: the database could not store the message (or was locked for too long). */
  storageUnavailable: 'storage_unavailable',
} as const;

export type ApiErrorCode = (typeof apiErrorCodes)[keyof typeof apiErrorCodes];
